/** Organization detail, members, invitations and the org base address. */
import { defineClauses } from './clause.js';
import { assumed, documented } from './define.js';

const P = 'Endpoints/Platform';

/** Passages of the spec several clauses rest on; the message it names for a bad request body. */
const MEMBERS_PAGING = 'limit (integer, default 10, max 1000), page (integer, default 1)';
const INVITE_ROW =
  'POST /inviteOrganizationMember | email (string, required), role (required; `owner`, `editor`, `viewer`, `billing`)';
const INVITE_DATA = 'data = invitation; an email with a join link is sent';
const INVALID_PARAMS = '`Invalid params` (bad request body)';

export const organizationClauses = defineClauses([
  documented(
    'RES-ORGANIZATION-SHAPE',
    'Resources/Organization',
    'An organization has id, created_by (integers), name (string), createdAt, updatedAt (datetimes), user {id, name, email}, OrganizationMembers (array of {id, user_id, role, createdAt}) and OrganizationProjects (array of {id, name, project_uid}).',
    [
      'id (integer), name (string), created_by (integer), createdAt, updatedAt, user (object: id, name, email), OrganizationMembers (array: id, user_id, role, createdAt), OrganizationProjects (array: id, name, project_uid).',
      'Datetimes are ISO 8601 strings.',
    ],
  ),
  documented(
    'RES-ORGANIZATION-MEMBER-SHAPE',
    'Resources/Organization member',
    'An organization member has id, user_id, organization_id (integers), role (string, e.g. `owner`), createdAt, updatedAt (datetimes) and Member {id integer, name string, email string, profile_pic nullable}.',
    [
      'id, user_id, organization_id (integers), role (string, e.g. owner), createdAt, updatedAt, Member (object: id integer, name string, email string, profile_pic nullable).',
      'Datetimes are ISO 8601 strings.',
    ],
  ),
  assumed(
    'MEMBERS-MEMBER-IS-USER',
    'Resources/Organization member',
    "A member's `Member` object is the member's user: `Member.id` equals `user_id`. The spec lists both ids without relating them.",
  ),
  documented(
    'RES-INVITATION-SHAPE',
    'Resources/Invitation',
    'An invitation has id (integer), sent_by (integer user id), email, role, hash, status (strings) and createdAt (datetime).',
    'id (integer), sent_by (integer, user id), email (string), role (string), hash (string), status (string; `pending` on creation), createdAt (datetime).',
  ),
  assumed(
    'INVITE-HASH-UNIQUE',
    'Resources/Invitation',
    'Every invitation has a hash of its own (the join link of its email carries it). What the hash is, is not shown.',
  ),
  documented(
    'ORG-BASE-URL',
    'Conventions',
    'Organization-level operations may live on {org_base_url}, a base address separate from {base_url}.',
    [
      'Organization-level operations may live on {org_base_url}.',
      '{org_base_url} is the separate base address for organization-level operations.',
    ],
  ),
  assumed(
    'ORG-BASE-URL-OPERATIONS',
    P,
    'getMyProjects, getOrganizationDetail, getOrganizationMembers, inviteOrganizationMember and getSupportedModels answer identically at both {org_base_url} and {base_url}; the other operations only at {base_url}.',
  ),

  // getOrganizationDetail
  documented(
    'ORG-DETAIL-EMPTY-BODY',
    P,
    "getOrganizationDetail takes the empty object; the organization is the token's organization.",
    'POST /getOrganizationDetail | empty object; organization identified from the token |',
  ),
  documented(
    'ORG-DETAIL-DATA',
    P,
    'getOrganizationDetail data is the organization resource.',
    'empty object; organization identified from the token | data = organization |',
  ),
  assumed(
    'ORG-DETAIL-USER-IS-CREATOR',
    'Resources/Organization',
    'The organization `user` is the user whose id is `created_by`.',
  ),
  assumed(
    'ORG-DETAIL-LISTS-COMPLETE',
    'Resources/Organization',
    'OrganizationMembers lists every member and OrganizationProjects every project of the organization, unpaged.',
  ),

  // getOrganizationMembers
  documented(
    'MEMBERS-RESPONSE-SHAPE',
    P,
    'getOrganizationMembers succeeds with `total` and data = {organizationMember: array of members, invitations: array of invitations}.',
    '`total`; data = object with `organizationMember` (array of members) and `invitations` (array of invitations)',
  ),
  documented(
    'MEMBERS-LIMIT-DEFAULT-10',
    P,
    'Without limit, getOrganizationMembers returns at most 10 members.',
    MEMBERS_PAGING,
  ),
  documented(
    'MEMBERS-LIMIT-MAX-1000',
    'Limits',
    'getOrganizationMembers limit is at most 1000; a larger limit gets the message `Invalid params`.',
    [MEMBERS_PAGING, 'page sizes | members max 1000;', INVALID_PARAMS],
  ),
  documented(
    'MEMBERS-PAGE-DEFAULT-1',
    P,
    'Without page, getOrganizationMembers returns page 1.',
    MEMBERS_PAGING,
  ),
  assumed(
    'MEMBERS-TOTAL-COUNTS-MEMBERS',
    P,
    'getOrganizationMembers `total` counts all organization members (all pages), not invitations.',
  ),
  assumed(
    'MEMBERS-INVITATIONS-ALL-PENDING',
    P,
    'getOrganizationMembers `invitations` lists every pending invitation of the organization, unpaged, on every page.',
  ),
  assumed('MEMBERS-ORDER', P, 'getOrganizationMembers lists members by ascending member id.'),

  // inviteOrganizationMember
  documented(
    'INVITE-EMAIL-REQUIRED',
    P,
    'inviteOrganizationMember requires email (a string); a body without it gets the message `Invalid params`.',
    [INVITE_ROW, INVALID_PARAMS],
  ),
  documented(
    'INVITE-ROLE-ENUM',
    'Resources/Invitation',
    'inviteOrganizationMember requires role, one of `owner`, `editor`, `viewer`, `billing`; a missing role or another string outside the four (e.g. `admin`) gets the message `Invalid params`.',
    [INVITE_ROW, 'Roles that can be assigned: `owner`, `editor`, `viewer`, `billing`.', INVALID_PARAMS],
  ),
  assumed(
    'INVITE-INPUT-EXACT',
    P,
    'inviteOrganizationMember reads its fields exactly: a role in another case (`Owner`), with surrounding white space or empty, and an email or role that is not a string (a number, null) get 400 `Invalid params`. The spec lists the roles and types the fields, not how a server reads other representations of them (it might fold case, coerce, or read the field as not given).',
  ),
  documented(
    'INVITE-RETURNS-INVITATION',
    P,
    'inviteOrganizationMember data is the created invitation.',
    INVITE_DATA,
  ),
  documented(
    'INVITE-FIELDS-MATCH-REQUEST',
    'Resources/Invitation',
    'The created invitation carries the invited email and role.',
    [INVITE_ROW, INVITE_DATA, 'email (string), role (string), hash (string)'],
  ),
  documented('INVITE-STATUS-PENDING', 'States/Invitation', 'A new invitation has status `pending`.', [
    'status (string; `pending` on creation)',
    'Known status: `pending`.',
  ]),
  documented(
    'INVITE-EMAIL-SENT',
    P,
    'inviteOrganizationMember sends an email with a join link to the invited address.',
    INVITE_DATA,
  ),
  assumed(
    'INVITE-SENT-BY-CREATOR',
    'Resources/Invitation',
    "An invitation's sent_by is the user id of the calling token's creator.",
  ),
  assumed(
    'INVITE-EMAIL-FORMAT',
    P,
    'An email that is not a valid address (or longer than 320 characters) gets Invalid params.',
  ),
  assumed(
    'INVITE-EMAIL-CASE-INSENSITIVE',
    P,
    'Emails are compared case-insensitively when checking for pending invitations and existing members.',
  ),
  assumed(
    'INVITE-DUPLICATE-PENDING',
    P,
    'A second invitation to an email that already has a pending one gets 400 `An invitation is already pending for this email`.',
  ),
  assumed(
    'INVITE-ALREADY-MEMBER',
    P,
    'Inviting the email of a current organization member gets 400 `User is already a member of the organization`.',
  ),
  assumed(
    'INVITE-OUTBOX',
    P,
    "The sent invitation email is recorded in the fake's outbox with its recipient (`to` = the invited email) and a join link that contains the invitation hash.",
  ),
  assumed(
    'INVITE-STATES-OTHER',
    'States/Invitation',
    'Other invitation states are not shown: the public API only creates pending invitations; nothing in it accepts, expires or cancels one.',
  ),
]);
