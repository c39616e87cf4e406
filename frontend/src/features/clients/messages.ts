/**
 * The spec's UI-only strings of the Client Management screen and its dialogs (000 §2, §5, §8), in one
 * place. Strings the server shares live in `#shared/client` (name required) and `#shared/tools/common`
 * (copy and download toasts).
 */

export const CLIENTS_PAGE = {
  title: 'Clients',
  subtitle: 'Manage your clients and their content instructions',
  searchPlaceholder: 'Search clients...',
  addClient: 'Add Client',
  emptyTitle: 'No clients added yet',
  emptyHint: 'Add your first client to store their details and content instructions.',
  noMatch: (search: string) => `No clients found matching "${search}"`,
  /** While the pages after the first load (the list comes in pages). */
  loadingMore: 'Loading more clients...',
} as const;

export const CARD_MENU = {
  viewContent: (count: number) => `View Content (${count})`,
  manageAccess: (count: number) => `Manage Access (${count})`,
  edit: 'Edit',
  budget: 'Budget',
  statement: 'Statement',
  /** The client's publishing channels (components/channels/channels-dialog.tsx). */
  channels: 'Channels',
  delete: 'Delete',
} as const;

export const INSTRUCTION_FLAGS = { custom: 'Custom', none: 'None' } as const;

export const CLIENT_DIALOGS = {
  addTitle: 'Add New Client',
  addDescription: 'Enter the client details and the instructions the content tools follow.',
  addSubmit: 'Add Client',
  editTitle: 'Edit Client',
  editDescription: 'Update the client details and content instructions.',
  editSubmit: 'Update Client',
  cancel: 'Cancel',
} as const;

export const WORDPRESS_FORM = {
  passwordHint: 'Create an application password in your WordPress admin under Users, then Profile.',
  passwordSaved: 'A password is saved. Leave the field blank to keep it.',
  removePassword: 'Remove saved password',
  passwordWillBeRemoved: 'The saved password will be removed when you update the client.',
  keepPassword: 'Keep saved password',
} as const;

export const ACCESS_DIALOG = {
  title: 'Manage Client Access',
  description: (client: string) =>
    `Only the client owner can access ${client}'s data unless additional access is granted. Grant access to colleagues by e-mail.`,
  emailLabel: 'Email address',
  emailPlaceholder: 'colleague@company.com',
  grant: 'Grant Access',
  currentAccess: 'Current access',
  noAccess: 'No additional access granted yet.',
  remove: 'Remove',
  close: 'Close',
} as const;

export const CLIENT_TOASTS = {
  added: 'Client Added',
  updated: 'Client Updated',
  deleted: 'Client Deleted',
  restored: 'Client Restored',
  accessGranted: (email: string) => `Access granted to ${email}`,
  accessRemoved: 'Access removed successfully',
  mustBeLoggedIn: 'Must be logged in to grant access',
  undo: 'Undo',
} as const;

/** §8: the toast is titled 'Error' and shows the server's message, or these fallbacks. */
export const CLIENT_ERRORS = {
  title: 'Error',
  fetch: 'Failed to fetch clients',
  add: 'Failed to add client',
  update: 'Failed to update client',
  delete: 'Failed to delete client',
  restore: 'Failed to restore client',
  grant: 'Failed to grant access',
  remove: 'Failed to remove access',
  /** The WordPress URL is checked before saving, by the rule the server applies. */
  wordpressUrl: {
    title: 'Please enter a valid URL',
    description: "The WordPress URL must be the site's web address, such as https://client-site.com.",
  },
} as const;

/** How long the Undo of a delete stays offered. */
export const UNDO_TOAST_MS = 8000;

export const LIBRARY = {
  title: (client: string) => `${client} - Content Library`,
  description: 'Everything saved to this client, newest first.',
  itemCount: (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`,
  searchPlaceholder: 'Search content...',
  allTypes: 'All Types',
  typeFilterLabel: 'Filter by type',
  sortLabel: 'Sort',
  gridView: 'Grid view',
  listView: 'List view',
  noMatchTitle: 'No content found',
  noMatchHint: 'Try adjusting your search or filters.',
  emptyTitle: 'No content yet',
  empty: 'No content has been saved to this client yet. Generate some content to get started!',
  words: (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'word' : 'words'}`,
} as const;

export const LIBRARY_ACTIONS = {
  preview: 'Preview',
  edit: 'Edit',
  copyText: 'Copy Text',
  downloadHtml: 'Download HTML',
  downloadText: 'Download Text',
  delete: 'Delete',
} as const;

export const SORT_LABELS = {
  newest: 'Newest First',
  oldest: 'Oldest First',
  'title-asc': 'Title A-Z',
  'title-desc': 'Title Z-A',
  'type-asc': 'Type A-Z',
  'type-desc': 'Type Z-A',
} as const;

export const PREVIEW_DIALOG = {
  previewTab: 'Preview',
  htmlTab: 'HTML',
  textTab: 'Text',
  frameTitle: 'Content preview',
  noHtml: 'This item has no HTML content.',
  noText: 'This item has no text content.',
  detailsTitle: 'Generation Details',
  noDetails: 'No generation details were saved with this item.',
} as const;

export const EDIT_DIALOG = {
  title: 'Edit Content',
  description: 'Change the title, text or HTML of this item.',
  titleLabel: 'Title',
  textTab: 'Text Content',
  htmlTab: 'HTML Content',
  previewTab: 'Live Preview',
  textUnplaced:
    'Part of this edit has no place in the HTML: the HTML does not contain those lines as this text shows them, so it keeps its own version there.',
  rebuildChosen:
    'Save will rebuild the HTML from this text as plain paragraphs: its headings, lists, links and images are lost.',
  rebuildHtml: 'Rebuild the HTML from this text',
  htmlRebuilt:
    'Rebuilt from the Text Content tab as plain paragraphs. Editing this HTML stops the rebuild and keeps what you type.',
  created: 'Created',
  lastModified: 'Last modified',
  save: 'Save Changes',
  cancel: 'Cancel',
} as const;

export const LIBRARY_TOASTS = {
  deleted: 'Content deleted successfully',
  restored: 'Content restored',
  updated: 'Content updated successfully',
} as const;

export const LIBRARY_ERRORS = {
  load: 'Failed to load client content',
  /** Preview, Edit, Copy or Download could not read the item (the list holds summaries). */
  open: 'Failed to open content',
  search: 'Failed to search the content text',
  update: 'Failed to update content',
  delete: 'Failed to delete content',
  restore: 'Failed to restore content',
} as const;

/** The item menu beyond the spec's buttons. */
export const ITEM_MENU = {
  more: (title: string) => `More actions for ${title}`,
  history: 'History',
  sendForReview: 'Send for review',
  review: 'Review and comments',
  dueDate: 'Set due date',
} as const;

export const STATUS_FILTER = {
  label: 'Filter by status',
  all: 'All Statuses',
} as const;

export const DUE_DATE = {
  shown: (date: string) => `Due ${date}`,
  title: 'Set due date',
  description: 'The day this item is due by. It shows on the calendar.',
  label: 'Due date',
  save: 'Save',
  clear: 'Clear due date',
  saved: 'Due date saved',
  cleared: 'Due date cleared',
  failed: 'Failed to save the due date',
} as const;

export const HISTORY_DIALOG = {
  title: (item: string) => `History of ${item}`,
  description: 'Every change to the title, text or HTML, newest first. Pick two versions to compare them.',
  loading: 'Loading versions',
  empty: 'No versions yet: this item has not changed since it was saved before history began.',
  loadMore: 'Load older versions',
  current: 'Current',
  view: 'View',
  compareLabel: (title: string, date: string) => `Compare the version of ${date}: ${title}`,
  compareHint: 'Select two versions to compare.',
  compare: 'Compare',
  back: 'Back to history',
  restore: 'Restore this version',
  restored: 'Version restored',
  restoreFailed: 'Failed to restore the version',
  loadFailed: 'Failed to load the history',
  by: (author: string | null) => (author ? `by ${author}` : 'author unknown'),
  words: (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'word' : 'words'}`,
  changed: 'Changed',
  fields: { title: 'title', text: 'text', html: 'HTML' } as Record<string, string>,
  restoredFrom: 'Restored from an earlier version',
  restoredFromNumber: (number: number) => `Restored from version ${number}`,
  restoredFromTime: (time: string) => `Restored from the version of ${time}`,
  versionNumber: (number: number) => `Version ${number}`,
  compareTitle: 'Comparing versions',
  older: 'Older',
  newer: 'Newer',
  added: (count: number) => `${count} ${count === 1 ? 'word' : 'words'} added`,
  removed: (count: number) => `${count} ${count === 1 ? 'word' : 'words'} removed`,
  noDifference: 'These two versions have the same text and HTML.',
  htmlOnly: 'The text is the same; the HTML changed (formatting, links or images). See HTML or Rendered.',
  textView: 'Text',
  htmlView: 'HTML',
  renderedView: 'Rendered',
  compareViews: 'Compare by',
  titleChanged: (from: string, to: string) => `Title: “${from}” → “${to}”`,
  legend: 'Inserted words are underlined in green, deleted words struck through in red.',
  keepReview: 'Keep the open review on the restored version (the reviewer sees it)',
} as const;

export const SEND_REVIEW_DIALOG = {
  title: 'Send for review',
  description:
    'Anyone with the link can read this item and comment, approve or request changes, without an account, until it expires.',
  nameLabel: 'Reviewer name',
  emailLabel: 'Reviewer e-mail',
  messageLabel: 'Message to the reviewer',
  expiryLabel: 'Link expires after (days)',
  expiryHint: (max: number) => `From 1 to ${max} days.`,
  send: 'Create review link',
  cancel: 'Cancel',
  created: 'Review link created',
  failed: 'Failed to create the review link',
  linkLabel: 'Review link',
  linkHint: 'Copy it now: for its safety the link is shown only once.',
  copy: 'Copy link',
  copied: 'Link copied',
  done: 'Done',
  expires: (date: string) => `Expires ${date}`,
  /** Several reviewers, a link each. */
  reviewerHeading: (index: number) => `Reviewer ${index}`,
  extraNameLabel: (index: number) => `Reviewer ${index} name`,
  extraEmailLabel: (index: number) => `Reviewer ${index} e-mail`,
  addReviewer: 'Add a reviewer',
  removeReviewer: (index: number) => `Remove reviewer ${index}`,
  ruleLegend: 'Approval',
  threadApartLabel: 'Keep the reviewers’ comments apart from your colleagues’',
  threadApartHint:
    'The reviewers then see only each other’s comments; your colleagues’ comments in the app stay internal.',
  linksLabel: (name: string) => `Review link for ${name}`,
} as const;

export const REVIEW_PANEL = {
  title: (item: string) => `Review: ${item}`,
  description: 'Review links, comments and decisions, live.',
  links: 'Review links',
  noLinks: 'No review links yet. Use Send for review in the item menu.',
  states: { open: 'Open', expired: 'Expired', revoked: 'Revoked' } as Record<string, string>,
  reviewer: (name: string | null, email: string | null) => name ?? email ?? 'Reviewer (no name given)',
  sentBy: (email: string) => `sent by ${email}`,
  expires: (date: string) => `expires ${date}`,
  expired: (date: string) => `expired ${date}`,
  revoke: 'Revoke',
  revokeLabel: (who: string) => `Revoke the link of ${who}`,
  revokeConfirm: (who: string) =>
    `Revoke the link of ${who}? It stops working at once and cannot be restored: a new review needs a new link.`,
  revokeCancel: 'Keep the link',
  passagesTitle: 'The text, with the commented passages highlighted',
  passageChanged: 'The passage changed since this comment.',
  markLabel: (author: string) => `Commented by ${author}`,
  revokeConfirmed: 'Revoke link',
  revoked: 'Review link revoked',
  revokeFailed: 'Failed to revoke the link',
  comments: 'Comments',
  noComments: 'No comments yet.',
  commentLabel: 'Comment',
  commentHint: (shared: boolean) =>
    shared
      ? 'The reviewers see your comment on their page.'
      : 'Only your colleagues see it: no open link shares this thread.',
  /** A colleague's approval is theirs, not a reviewer's. */
  colleagueDecision:
    'Your decision is recorded as a colleague’s (the internal step); a reviewer’s request for changes stands until that reviewer approves.',
  rule: (label: string, count: number) => `${label} · ${count} ${count === 1 ? 'reviewer' : 'reviewers'}`,
  threadApart: 'comments kept apart',
  quoteLabel: 'Quoted passage (optional)',
  send: 'Comment',
  approve: 'Approve',
  requestChanges: 'Request changes',
  changesNeedComment: 'Write what should change in the comment, then Request changes.',
  decidedApproved: 'Approved',
  decidedChanges: 'Changes requested',
  commented: 'Comment added',
  failed: 'Failed to send',
  loadFailed: 'Failed to load the review',
  notDecidable: 'Decisions open once the item is sent for review.',
  staffRole: 'colleague',
  reviewerRole: 'reviewer',
  decision: { approve: 'approved', request_changes: 'requested changes' } as Record<string, string>,
  quoted: 'Quoted',
  /** Which words a comment or decision was about, and which a link shows: History's time of the version. */
  onVersion: (date: string) => `on the version of ${date}`,
  linkShows: (date: string) => `shows the version of ${date}`,
  currentVersion: 'current',
  olderVersion: 'older version',
} as const;

export const APPROVAL_SETTING = {
  label: 'Require approval before publishing',
  hint: 'Content of this client is published or scheduled to WordPress only once a reviewer approved it.',
} as const;

export const EDIT_APPROVAL = {
  approved:
    'This item is approved. Saving a change takes it back to Draft: the new version goes back for approval before it can be published.',
  scheduled:
    'This item is scheduled on WordPress. Saving a change does not change the scheduled post, and the new version goes back for approval before the post can be updated.',
  published:
    'This item is published on WordPress. Saving a change does not change the post, and the new version goes back for approval before the post can be updated.',
} as const;

export const EDIT_REVIEW = {
  keep: 'Update the open review with this version (the reviewer sees it)',
  note: 'This item is under review. Saving a change takes it back to Draft unless you update the open review.',
} as const;
