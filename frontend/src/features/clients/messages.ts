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
  /** While the pages after the first load (issue 15: the list comes in pages). */
  loadingMore: 'Loading more clients...',
} as const;

export const CARD_MENU = {
  viewContent: (count: number) => `View Content (${count})`,
  manageAccess: (count: number) => `Manage Access (${count})`,
  edit: 'Edit',
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
  update: 'Failed to update content',
  delete: 'Failed to delete content',
  restore: 'Failed to restore content',
} as const;
