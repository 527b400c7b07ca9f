import * as z from "~/core/zod";

/* The reply written in Messages (the browser's form and the action's check). */

export const REPLY_SUBJECT_MAX = 200;
export const REPLY_BODY_MAX = 5000;

export const REPLY_MESSAGES = {
  invalid: "La réponse n'est pas partie : vérifiez les champs signalés.",
  gone: "Ce message n'existe plus.",
  spam: "Ce message est dans les spams : remettez-le dans la boîte de réception avant d'y répondre.",
} as const;

export const MessageReplySchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, "Indiquez l'objet de la réponse.")
    .max(REPLY_SUBJECT_MAX, `L'objet ne doit pas dépasser ${REPLY_SUBJECT_MAX} caractères.`)
    .refine((value) => !/[\r\n]/.test(value), "L'objet tient sur une seule ligne."),
  // A browser posts a text area's new lines as CRLF: counted as one character, as typed.
  body: z
    .multiline()
    .transform((value) => value.replace(/\r\n?/g, "\n"))
    .pipe(
      z
        .multiline()
        .trim()
        .min(1, "Écrivez votre réponse avant de l'envoyer.")
        .max(REPLY_BODY_MAX, `La réponse ne doit pas dépasser ${REPLY_BODY_MAX} caractères.`),
    ),
});

export type MessageReplyInput = z.infer<typeof MessageReplySchema>;

/** The subject a reply starts with: "Re: " once, before the visitor's subject. */
export function replySubject(subject: string): string {
  return /^re\s*:/i.test(subject) ? subject : `Re: ${subject}`;
}
