/**
 * S3's browser upload (POST Object with a policy, as `@aws-sdk/s3-presigned-post` makes it) as AWS judges
 * it. s3rver stores such an upload but ignores its policy, so a file over the policy's size, of another
 * type or after the expiry would be kept locally and refused in AWS; the IAM proxy, which reads the form
 * anyway to know its signer and key, asks this module first (local/iam/enforcing-proxy.ts). Signatures
 * are not verified, as nowhere locally (the proxy's own doc says why); the conditions are, with S3's
 * codes and messages:
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html
 */

/** The form of a POST upload, as far as the policy and IAM need it. */
export interface PostUploadForm {
  /** Every field but the file, by its lower-cased name (S3 matches field names case-insensitively). */
  readonly fields: ReadonlyMap<string, string>;
  readonly key: string;
  /** The access key id of `X-Amz-Credential`. */
  readonly signer: string | null;
  /** The `tagging` field's tags (an XML TagSet), by key. */
  readonly tags: ReadonlyMap<string, string>;
  readonly fileSize: number;
}

export interface PostUploadRefusal {
  readonly status: number;
  readonly code: string;
  readonly message: string;
}

/** Whether a request is a POST upload: a multipart form POSTed to a bucket, not to a key. */
export function isPostUpload(method: string, pathname: string, contentType: string | undefined): boolean {
  const [bucket = '', ...key] = pathname.replace(/^\//, '').split('/');
  return (
    method.toUpperCase() === 'POST' &&
    bucket !== '' &&
    key.join('/') === '' &&
    /^multipart\/form-data/i.test(contentType ?? '')
  );
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

function tagsOf(xml: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const match of xml.matchAll(/<Tag>\s*<Key>([^<]*)<\/Key>\s*<Value>([^<]*)<\/Value>\s*<\/Tag>/g)) {
    tags.set(unescapeXml(match[1] ?? ''), unescapeXml(match[2] ?? ''));
  }
  return tags;
}

/** The form, read with the platform's own multipart parser; null when it is not one S3 could read. */
export async function readPostUploadForm(body: Buffer, contentType: string): Promise<PostUploadForm | null> {
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    return null;
  }
  const fields = new Map<string, string>();
  let fileSize: number | null = null;
  for (const [name, value] of form) {
    if (name.toLowerCase() === 'file')
      fileSize = typeof value === 'string' ? Buffer.byteLength(value) : value.size;
    else if (typeof value === 'string') fields.set(name.toLowerCase(), value);
  }
  const key = fields.get('key');
  if (fileSize === null || key === undefined) return null;
  return {
    fields,
    key,
    signer: fields.get('x-amz-credential')?.split('/')[0] ?? null,
    tags: tagsOf(fields.get('tagging') ?? ''),
    fileSize,
  };
}

/** Fields S3 does not hold to a condition (the policy itself, its signature, and `x-ignore-` fields). */
const UNCONDITIONED = new Set(['policy', 'x-amz-signature', 'file']);

type Condition = Readonly<Record<string, string>> | readonly unknown[];

const denied = (message: string): PostUploadRefusal => ({
  status: 403,
  code: 'AccessDenied',
  message: `Invalid according to Policy: ${message}`,
});

/** Why S3 would refuse the upload to this bucket at this time, or null when its policy allows it. */
export function postUploadRefusal(form: PostUploadForm, bucket: string, now: Date): PostUploadRefusal | null {
  const encoded = form.fields.get('policy');
  if (encoded === undefined) return null; // An unsigned form: IAM alone decides (anonymous is refused).
  let policy: { expiration?: unknown; conditions?: unknown };
  try {
    policy = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as typeof policy;
  } catch {
    return { status: 400, code: 'InvalidPolicyDocument', message: 'Invalid Policy: Invalid JSON.' };
  }
  if (typeof policy.expiration !== 'string' || !Array.isArray(policy.conditions)) {
    return {
      status: 400,
      code: 'InvalidPolicyDocument',
      message: 'Invalid Policy: Invalid Simple-Condition.',
    };
  }
  if (Date.parse(policy.expiration) <= now.getTime()) return denied('Policy expired.');
  const fieldValue = (field: string) =>
    field.toLowerCase() === 'bucket' ? bucket : (form.fields.get(field.toLowerCase()) ?? '');
  const covered = new Set<string>(['bucket']);
  for (const condition of policy.conditions as Condition[]) {
    if (Array.isArray(condition)) {
      const [operator, subject, operand] = condition;
      if (operator === 'content-length-range') {
        const [min, max] = [Number(subject), Number(operand)];
        if (form.fileSize > max) {
          return {
            status: 400,
            code: 'EntityTooLarge',
            message: 'Your proposed upload exceeds the maximum allowed size',
          };
        }
        if (form.fileSize < min) {
          return {
            status: 400,
            code: 'EntityTooSmall',
            message: 'Your proposed upload is smaller than the minimum allowed size',
          };
        }
        continue;
      }
      const field = String(subject).replace(/^\$/, '');
      covered.add(field.toLowerCase());
      const value = fieldValue(field);
      const holds =
        operator === 'eq'
          ? value === String(operand)
          : operator === 'starts-with' && value.startsWith(String(operand));
      if (!holds) return denied(`Policy Condition failed: ${JSON.stringify(condition)}`);
      continue;
    }
    for (const [field, expected] of Object.entries(condition)) {
      covered.add(field.toLowerCase());
      if (fieldValue(field) !== expected) {
        return denied(`Policy Condition failed: ${JSON.stringify(['eq', `$${field}`, expected])}`);
      }
    }
  }
  const extra = [...form.fields.keys()].filter(
    (field) => !covered.has(field) && !UNCONDITIONED.has(field) && !field.startsWith('x-ignore-'),
  );
  if (extra.length > 0) return denied(`Extra input fields: ${extra.join(', ')}`);
  return null;
}
