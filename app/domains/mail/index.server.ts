// What other domains may use of this domain (docs/decisions/027-domain-shape.md).
export { type MailAttachment, type MailState, type MailToQueue, queueMail } from "./outbox.server";
export { kickMailWorker } from "./worker.server";
