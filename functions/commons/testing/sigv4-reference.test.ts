import { describe, expect, it } from 'vitest';
import { referenceSignature, sha256Hex } from './sigv4-reference';

/** The reference computation against AWS's documented examples; S3's are in s3-objects.test.ts. */
describe('the reference SigV4 computation', () => {
  const iamRequest = {
    method: 'GET',
    path: '/',
    query: new URLSearchParams({ Action: 'ListUsers', Version: '2010-05-08' }),
    headers: {
      'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
      host: 'iam.amazonaws.com',
      'x-amz-date': '20150830T123600Z',
    },
    signedHeaders: ['content-type', 'host', 'x-amz-date'],
    payloadHash: sha256Hex(''),
    amzDate: '20150830T123600Z',
    region: 'us-east-1',
    service: 'iam',
  };
  const secret = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY';

  it("reproduces AWS's documented signature of an IAM ListUsers request", () => {
    expect(referenceSignature(iamRequest, secret)).toBe(
      '5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7',
    );
  });
});
