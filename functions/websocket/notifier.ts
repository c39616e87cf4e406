import { GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { WEBSOCKET_MAX_MESSAGE_BYTES } from '#contract/websocket-limits';
import { webSocketManagementClient } from '#functions/commons/clients/websocket-management';
import { readEnv } from '#functions/commons/env';
import { logger } from '#functions/commons/logger';
import {
  adminConnections,
  connectionsOfEmail,
  connectionsOfUser,
  deleteConnection,
} from './connection-store';

/**
 * Pushes server events to browsers over the WebSocket API. Delivery is best effort: a closed tab must
 * never fail a job, so errors are logged and stale connections (410 Gone) are forgotten.
 */

export type ServerEvent = { type: string } & Record<string, unknown>;

/**
 * How long a job keeps the connection ids it looked up before it looks again. A job pushes every
 * 150 ms; looking the user's connections up for each push was a GSI query per push. Once every 5 s is
 * 1 query where there were about 33, and a tab opened (or reconnected) mid-job still gets pushes within
 * 5 s; until then it polls the job, and the gap in the sequence numbers of its first push tells it to
 * resync (docs/decisions.md, "Job progress pushes"). A post that finds a connection gone makes the next
 * push look again at once, since a gone connection is usually a tab that reloaded under a new id.
 */
export const CONNECTION_REFRESH_MS = 5_000;

interface PostOutcome {
  readonly delivered: number;
  readonly gone: readonly string[];
}

/** A closed connection: API Gateway's GoneException, or a bare 410 from a proxy or stand-in. */
function isGone(error: unknown): boolean {
  return (
    error instanceof GoneException ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 410
  );
}

function encode(event: ServerEvent): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(event));
}

async function post(connectionIds: readonly string[], data: Uint8Array): Promise<PostOutcome> {
  const callbackUrl = readEnv('webSocketCallbackUrl');
  if (!callbackUrl || connectionIds.length === 0) return { delivered: 0, gone: [] };
  const client = webSocketManagementClient(callbackUrl);
  const gone: string[] = [];
  const results = await Promise.all(
    connectionIds.map(async (connectionId) => {
      try {
        await client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
        return true;
      } catch (error) {
        if (isGone(error)) {
          gone.push(connectionId);
          await deleteConnection(connectionId).catch(() => undefined);
        } else {
          logger.warn('WebSocket post failed', { connectionId, error });
        }
        return false;
      }
    }),
  );
  return { delivered: results.filter(Boolean).length, gone };
}

export async function notifyUser(userId: string, event: ServerEvent): Promise<number> {
  try {
    return (await post(await connectionsOfUser(userId), encode(event))).delivered;
  } catch (error) {
    logger.warn('Could not notify user', { userId, error });
    return 0;
  }
}

export async function notifyAdmins(event: ServerEvent): Promise<number> {
  try {
    return (await post(await adminConnections(), encode(event))).delivered;
  } catch (error) {
    logger.warn('Could not notify admins', { error });
    return 0;
  }
}

/**
 * Pushes an event to everyone who may see a client (reviews live to the owner and grantees):
 * its creator, the addresses it is granted to, and the admins, each connection once.
 */
export async function notifyAudience(
  audience: { readonly userIds: readonly string[]; readonly emails: readonly string[] },
  event: ServerEvent,
): Promise<number> {
  try {
    const lists = await Promise.all([
      adminConnections(),
      ...audience.userIds.map((userId) => connectionsOfUser(userId)),
      ...audience.emails.map((email) => connectionsOfEmail(email)),
    ]);
    return (await post([...new Set(lists.flat())], encode(event))).delivered;
  } catch (error) {
    logger.warn('Could not notify the audience of a client', { error });
    return 0;
  }
}

export interface UserPusherOptions {
  readonly refreshMs?: number;
  readonly now?: () => number;
}

/**
 * Pushes one job's events to its user's tabs, with the connection ids cached for the job's life and
 * looked up again every CONNECTION_REFRESH_MS or after a post found a connection gone.
 */
export class UserPusher {
  private ids: readonly string[] | null = null;
  private fetchedAt = 0;
  /** A lookup under way, shared by the pushes that need it meanwhile. */
  private lookup: Promise<readonly string[]> | null = null;

  constructor(
    private readonly userId: string,
    private readonly options: UserPusherOptions = {},
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private connections(): Promise<readonly string[]> {
    const refreshMs = this.options.refreshMs ?? CONNECTION_REFRESH_MS;
    if (this.ids !== null && this.now() - this.fetchedAt < refreshMs) return Promise.resolve(this.ids);
    this.lookup ??= connectionsOfUser(this.userId)
      .then((ids) => {
        this.ids = ids;
        this.fetchedAt = this.now();
        return ids;
      })
      .finally(() => {
        this.lookup = null;
      });
    return this.lookup;
  }

  /**
   * Starts looking the connections up now, while the provider is still thinking, so the first push
   * (the first words the user sees) does not wait for a query. A lookup that fails here is tried again
   * by the first push.
   */
  lookUpConnections(): void {
    this.connections().catch(() => undefined);
  }

  /** Sends the event to every cached connection; returns how many took it. */
  async push(event: ServerEvent): Promise<number> {
    try {
      const { delivered, gone } = await post(await this.connections(), encode(event));
      // Forget the cache, not only the gone ids: the tab that closed them may be back under a new id.
      if (gone.length > 0) this.ids = null;
      return delivered;
    } catch (error) {
      logger.warn('Could not notify user', { userId: this.userId, error });
      return 0;
    }
  }
}

/** Whether an event fits in one WebSocket message (API Gateway refuses larger ones with a 413). */
export function fitsInOneMessage(event: ServerEvent): boolean {
  return encode(event).byteLength <= WEBSOCKET_MAX_MESSAGE_BYTES;
}

/**
 * The `job.succeeded` event: the finished job with its result when that fits in one message, or else a
 * pointer to it (`resultUrl`, no `job`), which the browser fetches (GET /api/jobs/{jobId}).
 */
export function jobSucceededEvent(jobId: string, tool: string, job: Record<string, unknown>): ServerEvent {
  const full: ServerEvent = { type: 'job.succeeded', jobId, tool, job };
  if (fitsInOneMessage(full)) return full;
  return { type: 'job.succeeded', jobId, tool, resultUrl: `/api/jobs/${encodeURIComponent(jobId)}` };
}
