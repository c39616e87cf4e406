/** Which part of `/auth` is showing; the URL only decides the first one (`?reset=true`). */
export type AuthView =
  | { readonly name: 'tabs'; readonly tab: 'signIn' | 'signUp'; readonly email: string }
  | { readonly name: 'confirm'; readonly email: string; readonly password: string }
  | { readonly name: 'forgot'; readonly email: string }
  | { readonly name: 'reset'; readonly email: string; readonly code: string; readonly fromLink: boolean };

/**
 * `/auth?reset=true` is where the spec's reset e-mail led. Cognito resets by code, so the link may carry
 * `email` and `code` to prefill the reset view; without them the user types both from the e-mail.
 */
export function initialAuthView(search: URLSearchParams): AuthView {
  if (search.get('reset') === 'true') {
    return {
      name: 'reset',
      email: search.get('email') ?? '',
      code: search.get('code') ?? '',
      fromLink: true,
    };
  }
  return { name: 'tabs', tab: search.get('tab') === 'signup' ? 'signUp' : 'signIn', email: '' };
}

export function isResetMode(search: URLSearchParams): boolean {
  return search.get('reset') === 'true';
}
