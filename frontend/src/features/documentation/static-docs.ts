/** The two static markdown files of the documentation (001 §2), served from frontend/public/docs/. */
export const STATIC_DOCS = [
  { id: 'quickstart', title: 'Quick start (Markdown)', href: '/docs/api-quickstart.md' },
  {
    id: 'authentication',
    title: 'Authentication and errors (Markdown)',
    href: '/docs/api-authentication.md',
  },
] as const;
