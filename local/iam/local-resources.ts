import { envNames } from '#contract/routes';
import type { CfnResource, CfnTemplate } from './stack-template';

/**
 * Reads the synthesized template the way CloudFormation would deploy it, with every intrinsic function
 * resolved to the local runtime's resources: the table, bucket, queues, user pool, secrets and key that
 * the functions' environment names (TABLE_NAME → the table, and so on) become their local names and
 * ARNs. The roles' policies and the functions' environment then mean locally what they mean in AWS.
 */

export const LOCAL_REGION = 'us-east-1';
export const LOCAL_ACCOUNT = '000000000000';
const PARTITION = 'aws';

/** The local values a logical id stands for: what `Ref` gives and what each `Fn::GetAtt` gives. */
interface ResourceValues {
  readonly ref: string;
  readonly attributes: Readonly<Record<string, string>>;
}

export interface LocalQueue {
  readonly url: string;
  readonly name: string;
}

/** The local resources the template's resources map to. */
export interface LocalResourceNames {
  readonly table: string;
  readonly bucket: string;
  readonly jobsQueue: LocalQueue;
  readonly jobsDeadLetterQueue: LocalQueue;
  readonly mediaQueue: LocalQueue;
  readonly mediaDeadLetterQueue: LocalQueue;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  /** The local WebSocket API's id in execute-api ARNs. */
  readonly webSocketApiId: string;
}

export const tableArn = (name: string) =>
  `arn:${PARTITION}:dynamodb:${LOCAL_REGION}:${LOCAL_ACCOUNT}:table/${name}`;
export const queueArn = (name: string) => `arn:${PARTITION}:sqs:${LOCAL_REGION}:${LOCAL_ACCOUNT}:${name}`;
export const bucketArn = (name: string) => `arn:${PARTITION}:s3:::${name}`;
export const userPoolArn = (id: string) =>
  `arn:${PARTITION}:cognito-idp:${LOCAL_REGION}:${LOCAL_ACCOUNT}:userpool/${id}`;
export const secretArn = (logicalId: string) =>
  `arn:${PARTITION}:secretsmanager:${LOCAL_REGION}:${LOCAL_ACCOUNT}:secret:${logicalId}`;
export const keyArn = (keyId: string) => `arn:${PARTITION}:kms:${LOCAL_REGION}:${LOCAL_ACCOUNT}:key/${keyId}`;
/** An SES identity (an address) that mail is sent from. */
export const sesIdentityArn = (identity: string) =>
  `arn:${PARTITION}:ses:${LOCAL_REGION}:${LOCAL_ACCOUNT}:identity/${identity}`;
export const connectionArn = (apiId: string, stage: string, method: string, connectionId: string) =>
  `arn:${PARTITION}:execute-api:${LOCAL_REGION}:${LOCAL_ACCOUNT}:${apiId}/${stage}/${method}/@connections/${connectionId}`;

const PSEUDO_PARAMETERS: Readonly<Record<string, string>> = {
  'AWS::Region': LOCAL_REGION,
  'AWS::AccountId': LOCAL_ACCOUNT,
  'AWS::Partition': PARTITION,
  'AWS::URLSuffix': 'amazonaws.com',
  'AWS::StackName': 'local',
  'AWS::NoValue': '',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The logical id an environment variable of any function refers to (`{"Ref": id}`), if any. */
function refOfEnvironment(template: CfnTemplate, name: string): string | undefined {
  for (const resource of Object.values(template.Resources)) {
    if (resource.Type !== 'AWS::Lambda::Function') continue;
    const variables = (
      resource.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined
    )?.Variables;
    const value = variables?.[name];
    const found = findRef(value);
    if (found) return found;
  }
  return undefined;
}

function findRef(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findRef(item);
      if (found) return found;
    }
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  if (typeof value.Ref === 'string' && !value.Ref.startsWith('AWS::')) return value.Ref;
  for (const inner of Object.values(value)) {
    const found = findRef(inner);
    if (found) return found;
  }
  return undefined;
}

function deadLetterQueueOf(queue: CfnResource | undefined): string | undefined {
  const redrive = queue?.Properties?.RedrivePolicy;
  if (!isRecord(redrive)) return undefined;
  const target = redrive.deadLetterTargetArn;
  if (!isRecord(target) || !Array.isArray(target['Fn::GetAtt'])) return undefined;
  const [id] = target['Fn::GetAtt'] as unknown[];
  return typeof id === 'string' ? id : undefined;
}

export class LocalTemplate {
  private readonly values = new Map<string, ResourceValues>();

  constructor(
    readonly template: CfnTemplate,
    readonly names: LocalResourceNames,
  ) {
    const set = (id: string | undefined, values: ResourceValues) => {
      if (id) this.values.set(id, values);
    };
    const queue = (local: LocalQueue): ResourceValues => ({
      ref: local.url,
      attributes: { Arn: queueArn(local.name), QueueName: local.name, QueueUrl: local.url },
    });
    const ref = (name: string) => refOfEnvironment(template, name);
    set(ref(envNames.tableName), {
      ref: names.table,
      attributes: { Arn: tableArn(names.table) },
    });
    set(ref(envNames.mediaBucket), {
      ref: names.bucket,
      attributes: { Arn: bucketArn(names.bucket), DomainName: names.bucket },
    });
    const jobs = ref(envNames.jobsQueueUrl);
    const media = ref(envNames.mediaJobsQueueUrl);
    set(jobs, queue(names.jobsQueue));
    set(media, queue(names.mediaQueue));
    set(deadLetterQueueOf(jobs ? template.Resources[jobs] : undefined), queue(names.jobsDeadLetterQueue));
    set(deadLetterQueueOf(media ? template.Resources[media] : undefined), queue(names.mediaDeadLetterQueue));
    set(ref(envNames.userPoolId), {
      ref: names.userPoolId,
      attributes: { Arn: userPoolArn(names.userPoolId) },
    });
    set(ref(envNames.userPoolClientId), { ref: names.userPoolClientId, attributes: {} });
    set(ref(envNames.webSocketCallbackUrl), { ref: names.webSocketApiId, attributes: {} });
    for (const name of [envNames.wordpressKeyId, envNames.sealedRepliesKeyId]) {
      const key = ref(name);
      if (key) set(key, { ref: key, attributes: { Arn: keyArn(key) } });
    }
    for (const name of [
      envNames.providerSecretArn,
      envNames.socialAppsSecretArn,
      envNames.mediaUrlSecretArn,
      envNames.originSecretArn,
    ]) {
      const secret = ref(name);
      if (secret) set(secret, { ref: secretArn(secret), attributes: { Id: secretArn(secret) } });
    }
  }

  /** A template value with its intrinsic functions resolved; what has no local stand-in is named so. */
  resolve(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.resolve(item));
    if (!isRecord(value)) return value;
    const keys = Object.keys(value);
    if (keys.length !== 1) {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, this.resolve(inner)]));
    }
    const [fn] = keys;
    const argument = value[fn as string];
    switch (fn) {
      case 'Ref':
        return this.ref(String(argument));
      case 'Fn::GetAtt': {
        const [id, attribute] = Array.isArray(argument) ? argument : String(argument).split('.');
        return this.attribute(String(id), String(attribute));
      }
      case 'Fn::Join': {
        const [separator, parts] = argument as [string, unknown[]];
        return (this.resolve(parts) as unknown[]).map(String).join(separator);
      }
      case 'Fn::Sub': {
        const [text, variables] = Array.isArray(argument) ? argument : [argument, {}];
        const own = this.resolve(variables ?? {}) as Record<string, unknown>;
        return String(text).replace(/\$\{([^}]+)\}/g, (_, name: string) => {
          if (name in own) return String(own[name]);
          const [id, attribute] = name.split('.');
          return attribute ? this.attribute(id ?? '', attribute) : this.ref(name);
        });
      }
      case 'Fn::Select': {
        const [index, list] = argument as [number, unknown];
        return (this.resolve(list) as unknown[])[Number(index)];
      }
      case 'Fn::Split': {
        const [separator, text] = argument as [string, unknown];
        return String(this.resolve(text)).split(separator);
      }
      default:
        return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, this.resolve(inner)]));
    }
  }

  private ref(id: string): string {
    return PSEUDO_PARAMETERS[id] ?? this.values.get(id)?.ref ?? `unresolved-${id}`;
  }

  private attribute(id: string, attribute: string): string {
    return this.values.get(id)?.attributes[attribute] ?? `unresolved-${id}.${attribute}`;
  }

  /** The logical id behind an environment variable of the functions (the secret behind *_SECRET_ARN). */
  logicalIdOf(environmentName: string): string | undefined {
    return refOfEnvironment(this.template, environmentName);
  }
}
