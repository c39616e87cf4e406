import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { entities } from '#functions/data/entities';
import { isConditionFailure } from '#functions/data/item-keys';
import { emitWebhookEvent } from '#functions/webhooks/emit-webhook-event';
import { type BatchRecord, batchRows, getBatch } from './batch-store';

/** Whether this call is the one that announces the feed epoch's end (the batch's item, conditionally). */
async function claimAnnouncement(batch: BatchRecord): Promise<boolean> {
  const epoch = batch.feedEpoch ?? 0;
  try {
    await entities()
      .batch.build(UpdateItemCommand)
      .item({ batchId: batch.batchId, finishedEventEpoch: epoch })
      .options({
        condition: {
          or: [
            { attr: 'finishedEventEpoch', exists: false },
            { attr: 'finishedEventEpoch', lt: epoch },
          ],
        },
      })
      .send();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * The `batch.finished` webhook event (docs/architecture.md, "Webhooks"), once no row of the batch is
 * waiting, queued or running: after a row settles and after a cancel. Of the calls that see it so, the
 * one that claims the batch's feed epoch announces it; a retry of failed rows starts a new epoch, so its
 * end is announced again.
 */
export async function announceIfFinished(batchId: string): Promise<void> {
  const batch = await getBatch(batchId);
  if (!batch) return;
  const rows = await batchRows(batchId);
  if (rows.some((row) => row.status === 'waiting' || row.status === 'queued')) return;
  if (!(await claimAnnouncement(batch))) return;
  const count = (status: string) => rows.filter((row) => row.status === status).length;
  await emitWebhookEvent(batch.userId, 'batch.finished', {
    batchId,
    status: batch.cancelledAt ? 'cancelled' : 'finished',
    succeeded: count('succeeded'),
    failed: count('failed'),
    cancelled: count('cancelled'),
  });
}
