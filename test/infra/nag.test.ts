import { App, Stack } from 'aws-cdk-lib';
import { PolicyDocument, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Bucket, CfnBucket } from 'aws-cdk-lib/aws-s3';
import { describe, expect, it } from 'vitest';
import { nagReference, wildcardFindings } from '#infra/nag';

describe('nagReference', () => {
  it('flattens CloudFormation references the way cdk-nag names findings', () => {
    expect(nagReference({ 'Fn::GetAtt': ['Media1234', 'Arn'] })).toBe('<Media1234.Arn>');
    expect(nagReference({ Ref: 'AWS::Region' })).toBe('<AWS::Region>');
    expect(
      nagReference({
        'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':s3:::', { Ref: 'Bucket' }, '/*']],
      }),
    ).toBe('arn:<AWS::Partition>:s3:::<Bucket>/*');
    const substitution = ['cdk-$', '{Qualifier}-assets'].join('');
    expect(nagReference({ 'Fn::Sub': substitution })).toBe('cdk-<Qualifier>-assets');
    expect(nagReference(undefined)).toBe('');
    expect(nagReference({ 'Fn::Select': [0, ['a']] })).toBe('{"Fn::Select":[0,["a"]]}');
  });
});

describe('wildcardFindings', () => {
  it('lists wildcard actions and resources of allowed statements only', () => {
    const stack = new Stack(new App(), 'Test');
    const bucket = new Bucket(stack, 'Bucket');
    const document = new PolicyDocument({
      statements: [
        new PolicyStatement({
          actions: ['s3:GetObject*', 's3:PutObject'],
          resources: [bucket.arnForObjects('*')],
        }),
        new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }),
        PolicyStatement.fromJson({ Effect: 'Deny', Action: 's3:*', Resource: '*' }),
      ],
    });
    const cfnBucket = bucket.node.defaultChild;
    if (!(cfnBucket instanceof CfnBucket)) throw new Error('expected the bucket resource');
    const logicalId = stack.getLogicalId(cfnBucket);
    expect(wildcardFindings(stack, document)).toEqual([
      'Action::s3:GetObject*',
      `Resource::<${logicalId}.Arn>/*`,
    ]);
  });
});
