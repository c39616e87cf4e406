import { describe, expect, it } from 'vitest';
import { isPostUpload, type PostUploadForm, postUploadRefusal, readPostUploadForm } from './s3-post-upload';

const now = new Date('2026-06-01T12:00:00Z');

function formOf(conditions: unknown[], fields: Record<string, string> = {}, fileSize = 100): PostUploadForm {
  const policy = Buffer.from(
    JSON.stringify({ expiration: '2026-06-01T12:10:00Z', conditions }),
    'utf8',
  ).toString('base64');
  return {
    fields: new Map(Object.entries({ key: 'media/u/1/upload.png', policy, ...fields })),
    key: fields.key ?? 'media/u/1/upload.png',
    signer: 'AKID',
    tags: new Map(),
    fileSize,
  };
}

describe('a browser upload’s policy, as S3 judges it', () => {
  it('tells a POST upload from the other requests', () => {
    expect(isPostUpload('POST', '/media', 'multipart/form-data; boundary=x')).toBe(true);
    expect(isPostUpload('POST', '/media/key', 'multipart/form-data; boundary=x')).toBe(false);
    expect(isPostUpload('POST', '/media', 'application/xml')).toBe(false);
    expect(isPostUpload('PUT', '/media', 'multipart/form-data')).toBe(false);
  });

  it('reads the fields, the signer, the tags and the file’s size from the form', async () => {
    const form = new FormData();
    form.append('key', 'media/u/1/upload.png');
    form.append('X-Amz-Credential', 'AKIDLOCAL/20260601/us-east-1/s3/aws4_request');
    form.append(
      'tagging',
      '<Tagging><TagSet><Tag><Key>retention</Key><Value>job</Value></Tag></TagSet></Tagging>',
    );
    form.append('file', new Blob([new Uint8Array(321)]), 'photo.png');
    const request = new Request('http://s3.local/media', { method: 'POST', body: form });
    const body = Buffer.from(await request.arrayBuffer());
    const read = await readPostUploadForm(body, request.headers.get('content-type') ?? '');
    expect(read).toMatchObject({ key: 'media/u/1/upload.png', signer: 'AKIDLOCAL', fileSize: 321 });
    expect(read?.tags.get('retention')).toBe('job');
    expect(await readPostUploadForm(Buffer.from('not a form'), 'multipart/form-data; boundary=x')).toBeNull();
  });

  it('allows what the policy allows, and refuses size, conditions, extra fields and expiry with S3’s codes', () => {
    const conditions = [
      { bucket: 'media' },
      ['content-length-range', 1, 1000],
      { key: 'media/u/1/upload.png' },
    ];
    expect(postUploadRefusal(formOf(conditions), 'media', now)).toBeNull();
    expect(postUploadRefusal(formOf(conditions, {}, 1001), 'media', now)).toMatchObject({
      status: 400,
      code: 'EntityTooLarge',
    });
    expect(postUploadRefusal(formOf(conditions, {}, 0), 'media', now)).toMatchObject({
      code: 'EntityTooSmall',
    });
    expect(postUploadRefusal(formOf(conditions), 'other-bucket', now)).toMatchObject({
      status: 403,
      code: 'AccessDenied',
    });
    expect(
      postUploadRefusal(
        formOf([...conditions, ['starts-with', '$Content-Type', 'image/']], { 'content-type': 'text/html' }),
        'media',
        now,
      )?.message,
    ).toContain('Policy Condition failed');
    expect(postUploadRefusal(formOf(conditions, { 'x-amz-meta-extra': '1' }), 'media', now)?.message).toBe(
      'Invalid according to Policy: Extra input fields: x-amz-meta-extra',
    );
    expect(postUploadRefusal(formOf(conditions, { 'x-ignore-note': '1' }), 'media', now)).toBeNull();
    expect(postUploadRefusal(formOf(conditions), 'media', new Date('2026-06-01T12:10:01Z'))?.message).toBe(
      'Invalid according to Policy: Policy expired.',
    );
  });
});
