/** Types of examples/widget/serve.mjs for its browser test (widget.browser.test.ts). */
export interface ServedWidget {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  close(): Promise<void>;
}
export declare function serveWidget(options?: { port?: number; host?: string }): Promise<ServedWidget>;
export declare function widgetUrl(
  pageOrigin: string,
  target: { base_url: string; project_key?: string; widget_uid?: string; rag_models?: { openai?: string } },
): string;
