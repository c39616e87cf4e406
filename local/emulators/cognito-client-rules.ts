import { type SigningKey, verifyAccessToken } from './cognito-tokens';

/**
 * The app-client rules AWS applies to the public Cognito calls and cognito-local does not, applied in
 * front of its targets so the local pool refuses what the AWS pool refuses:
 * - a call carrying an access token is refused unless the token is genuine and unexpired;
 * - a client writes only its `WriteAttributes` (SignUp, UpdateUserAttributes, DeleteUserAttributes):
 *   'A client attempted to write unauthorized attribute'; with e-mail as the username, SignUp's e-mail
 *   attribute may only repeat the username;
 * - with `PreventUserExistenceErrors` the answers never tell whether an account exists: a wrong password
 *   and an unknown address both get 'Incorrect username or password.', a reset or resend for an unknown
 *   address looks sent, and a code for one is simply wrong.
 */

export type Route = (
  ctx: { logger: unknown },
  request: Record<string, unknown>,
) => Promise<Record<string, unknown>>;

export interface ClientRulesDependencies {
  route: (target: string) => Route;
  appClient: (ctx: { logger: unknown }, clientId: string) => Promise<AppClientSettings | null>;
  key: SigningKey;
  /** Makes an error cognito-local's server answers as `400 {__type: code, message}`. */
  error: (code: string, message: string) => Error;
  nowSeconds: () => number;
}

export interface AppClientSettings {
  WriteAttributes?: string[];
  PreventUserExistenceErrors?: string;
}

interface Attribute {
  Name?: unknown;
  Value?: unknown;
}

const INCORRECT_CREDENTIALS = 'Incorrect username or password.';
const WRONG_CODE = 'Invalid verification code provided, please try again.';

function errorCode(error: unknown): string | null {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : null;
}

function attributeNames(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.map((item: Attribute | string) =>
    typeof item === 'string' ? item : typeof item?.Name === 'string' ? item.Name : '',
  );
}

/** A plausible delivery for an address that may not exist, masked as Cognito masks real ones. */
function simulatedDelivery(username: unknown) {
  const address = typeof username === 'string' ? username : '';
  const [local = '', domain = ''] = address.split('@');
  return {
    DeliveryMedium: 'EMAIL',
    AttributeName: 'email',
    Destination: `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`,
  };
}

export function withAwsClientRules(deps: ClientRulesDependencies): (target: string) => Route {
  const clientFor = async (ctx: { logger: unknown }, clientId: unknown) =>
    typeof clientId === 'string' ? await deps.appClient(ctx, clientId) : null;

  const assertWritable = (client: AppClientSettings | null, names: string[]) => {
    const writable = client?.WriteAttributes;
    // Without WriteAttributes an AWS client may write every standard attribute.
    if (!writable || writable.length === 0) return;
    if (names.some((name) => !writable.includes(name))) {
      throw deps.error('NotAuthorizedException', 'A client attempted to write unauthorized attribute');
    }
  };

  return (target) => {
    const route = deps.route(target);
    return async (ctx, request) => {
      let client: AppClientSettings | null = null;
      if ('AccessToken' in request) {
        const token = verifyAccessToken(request.AccessToken, deps.key, deps.nowSeconds());
        if (!token) throw deps.error('NotAuthorizedException', 'Invalid Access Token');
        client = await clientFor(ctx, token.client_id);
      } else {
        client = await clientFor(ctx, request.ClientId);
      }
      const hideExistence = client?.PreventUserExistenceErrors === 'ENABLED';

      if (target === 'SignUp') {
        const attributes = Array.isArray(request.UserAttributes)
          ? (request.UserAttributes as Attribute[])
          : [];
        assertWritable(client, attributeNames(attributes));
        const email = attributes.find((attribute) => attribute.Name === 'email')?.Value;
        if (email !== undefined && email !== request.Username) {
          throw deps.error(
            'InvalidParameterException',
            'User email should be empty or same as username, since username attribute is email.',
          );
        }
      }
      if (target === 'UpdateUserAttributes') assertWritable(client, attributeNames(request.UserAttributes));
      if (target === 'DeleteUserAttributes')
        assertWritable(client, attributeNames(request.UserAttributeNames));

      try {
        return await route(ctx, request);
      } catch (error) {
        const code = errorCode(error);
        if (target === 'InitiateAuth' && request.AuthFlow === 'USER_PASSWORD_AUTH') {
          // AWS never says 'Invalid password' at sign-in; cognito-local does.
          if (code === 'InvalidPasswordException')
            throw deps.error('NotAuthorizedException', INCORRECT_CREDENTIALS);
          if (code === 'NotAuthorizedException' || code === 'UserNotFoundException') {
            throw hideExistence
              ? deps.error('NotAuthorizedException', INCORRECT_CREDENTIALS)
              : deps.error('UserNotFoundException', 'User does not exist.');
          }
        }
        const confirmsCode = target === 'ConfirmForgotPassword' || target === 'ConfirmSignUp';
        if (confirmsCode && code === 'CodeMismatchException')
          throw deps.error('CodeMismatchException', WRONG_CODE);
        if (hideExistence && code === 'UserNotFoundException') {
          if (target === 'ForgotPassword' || target === 'ResendConfirmationCode') {
            return { CodeDeliveryDetails: simulatedDelivery(request.Username) };
          }
          if (confirmsCode) throw deps.error('CodeMismatchException', WRONG_CODE);
        }
        throw error;
      }
    };
  };
}
