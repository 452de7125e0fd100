import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { infoRequests } from '../db/schema'
import { DomainError, ITEM_NOT_FOUND } from '../errors'
import { audit } from './audit'
import {
  checkUpload,
  insertStoredFile,
  replyRefusals,
  withUpload,
  type UploadedFile,
} from './files'
import { latestInfoRequest } from './item-view'
import { notify, type Notifier } from './notify'
import type { ObjectStore } from './storage/object-store'

export interface InfoAnswer {
  user: { id: string; role: string }
  itemId: string
  description: string
  responseBy: 'sender' | 'deliverer'
  file: UploadedFile | undefined
}

/**
 * Answers the latest information request of `responseBy` on the item, when the caller is its
 * target; anyone else gets 404 so requests addressed to others stay invisible. A resubmit
 * overwrites the answer.
 */
export async function answerInfoRequest(
  db: Db,
  storage: ObjectStore,
  notifier: Notifier,
  answer: InfoAnswer,
) {
  const { user, itemId, description, responseBy, file } = answer
  const open =
    responseBy === user.role ? await latestInfoRequest(db, itemId, responseBy) : undefined
  if (!open || open.targetUserId !== user.id)
    throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
  if (file) checkUpload(file, replyRefusals)

  await withUpload(storage, file, replyRefusals, (put) =>
    db.transaction(async (tx) => {
      const fileId = put
        ? await insertStoredFile(tx, put, { ownerId: user.id, kind: 'info_response' })
        : null
      await tx
        .update(infoRequests)
        .set({ response: description, responseFileId: fileId, responseAt: new Date() })
        .where(eq(infoRequests.id, open.id))
      await audit(tx, {
        actorId: user.id,
        action: 'info_request.respond',
        targetType: 'info_request',
        targetId: open.id,
      })
      await notify(tx, notifier, {
        kind: 'info_answered',
        itemId,
        side: responseBy,
        userId: user.id,
        answer: description,
      })
    }),
  )
}
