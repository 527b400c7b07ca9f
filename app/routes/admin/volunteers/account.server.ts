import { redirect } from "react-router";
import {
  ACCOUNT_MESSAGES,
  EmailSchema,
  PASSWORD_FIELDS,
  PasswordChangeSchema,
  type AccountAnswer,
  type PasswordErrors,
} from "~/components/admin/volunteers/account/account-schema";
import { deviceName } from "~/components/admin/volunteers/account/device-name";
import { drawQrCode } from "~/components/admin/volunteers/account/qr-code.server";
import { actorOf, withActivity } from "~/domains/history/activity-log.server";
import { type Actor } from "~/domains/history/actor";
import {
  completeSession,
  deleteUserSessions,
  endUserSession,
  listUserSessions,
  type Session,
} from "~/domains/volunteers/sessions.server";
import { getSettings } from "~/domains/content/settings.server";
import {
  confirmEnrolment,
  disableTwoFactor,
  getTwoFactorStatus,
  regenerateRecoveryCodes,
  startEnrolment,
  verifySecondFactor,
} from "~/domains/volunteers/two-factor.server";
import { EmailTakenError, setUserEmail, setUserPassword } from "~/domains/volunteers/user.server";
import {
  ACCOUNT_PATH,
  checkPassword,
  DEFAULT_ADMIN_PATH,
  ENROL_AGAIN_PARAM,
  forbidden,
  requireUser,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from "~/domains/volunteers/auth.server";
import { ROLE_LABELS, requiresTwoFactor } from "~/domains/volunteers/capabilities";
import { fieldErrors, formText, readForm } from "~/core/form";
import { getClientIp, type RequestContext } from "~/utils/load-context";
import { groupSecret, otpauthUri } from "~/domains/volunteers/totp.server";
import { hashSessionId } from "~/core/session-hash";
import { toastResult, type Toast } from "~/utils/toast";

/*
 * Mon compte (docs/decisions/018-two-factor-sign-in.md): every volunteer's own e-mail,
 * password, second factor and sessions. A session that must enrol first reaches this
 * screen only, and only its enrolment.
 */

export async function accountLoader({ request }: { request: Request }) {
  const session = await requireUser(request, { enrolling: true });
  const status = await getTwoFactorStatus({ userId: session.userId });
  let enrolment = null;
  if (status.pendingSecret) {
    const { siteName } = await getSettings({ category: "general" });
    const uri = otpauthUri({
      secret: status.pendingSecret,
      issuer: siteName,
      account: session.username,
    });
    enrolment = { secret: groupSecret(status.pendingSecret), qr: drawQrCode(uri) };
  }
  const sessions = await listUserSessions({ userId: session.userId, currentId: session.id });
  return {
    username: session.username,
    email: session.email ?? "",
    roles: session.roles.map((role) => ROLE_LABELS[role]),
    enrolling: session.pending === "enrol",
    // Sent here by the code step, whose factor could no longer be opened and was removed.
    enrolAgain: new URL(request.url).searchParams.get(ENROL_AGAIN_PARAM) === "1",
    required: requiresTwoFactor(session.roles),
    twoFactor: {
      enabled: status.enabled,
      enabledAt: status.enabledAt,
      recoveryCodesLeft: status.recoveryCodesLeft,
      enrolment,
    },
    sessions: sessions.map((row) => ({
      key: row.key,
      device: deviceName(row.userAgent),
      ip: row.ip,
      lastUsedAt: row.lastUsedAt,
      current: row.current,
      pending: row.pending !== "",
    })),
  };
}

export type AccountIntent =
  | "email"
  | "password"
  | "2fa-start"
  | "2fa-confirm"
  | "2fa-regenerate"
  | "2fa-disable"
  | "session-end"
  | "sessions-end-others";

const ENROLMENT_INTENTS: readonly string[] = ["2fa-start", "2fa-confirm"];

type Errors = Record<string, string>;

function answer(
  intent: AccountIntent | null,
  toast: Toast,
  {
    errors = {},
    recoveryCodes = null,
    next = null,
    email,
  }: {
    errors?: Errors;
    recoveryCodes?: string[] | null;
    next?: string | null;
    email?: string;
  } = {},
  status = 200,
) {
  const body: AccountAnswer = { intent, errors, recoveryCodes, next, email };
  return toastResult(toast, body, { status });
}

const refused = (intent: AccountIntent, errors: Errors, status = 400, message?: string) =>
  answer(
    intent,
    { type: "error", message: message ?? Object.values(errors)[0]! },
    { errors },
    status,
  );

/** A code of the user's second factor, through its throttle: null when it passed. */
async function codeRefusal(session: Session, actor: Actor, code: string): Promise<Errors | null> {
  const check = await verifySecondFactor({ userId: session.userId, code, actor });
  if (check.status === "valid") return null;
  return {
    code: check.status === "throttled" ? ACCOUNT_MESSAGES.codesTooMany : ACCOUNT_MESSAGES.codeWrong,
  };
}

/** The user's password, through the login's throttle: null when it matched. */
async function passwordRefusal(session: Session, ip: string, password: string) {
  // A stolen session must not become a password oracle: the login's throttle counts.
  const check = await checkPassword({ username: session.username, password, ip });
  if (check.status === "valid") return null;
  return check.status === "throttled"
    ? { status: 429, errors: { currentPassword: TOO_MANY_ATTEMPTS_MESSAGE } }
    : { status: 400, errors: { currentPassword: ACCOUNT_MESSAGES.wrongPassword } };
}

async function changePassword(session: Session, form: FormData, actor: Actor) {
  const parsed = PasswordChangeSchema.safeParse(formText(form, PASSWORD_FIELDS));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error) as PasswordErrors as Errors;
    return refused("password", errors, 400, ACCOUNT_MESSAGES.passwordNotChanged);
  }
  const { currentPassword, newPassword } = parsed.data;
  const refusal = await passwordRefusal(session, actor.ip, currentPassword);
  if (refusal) {
    return refused("password", refusal.errors, refusal.status, ACCOUNT_MESSAGES.passwordNotChanged);
  }
  // Whoever else holds a session (another device, or whoever learnt the old password)
  // is signed out; this browser stays signed in.
  await withActivity(actor, { action: "password.changed" }, async () => {
    await setUserPassword({ userId: session.userId, password: newPassword });
    await deleteUserSessions({ userId: session.userId, exceptId: session.id });
  });
  return answer("password", { type: "success", message: ACCOUNT_MESSAGES.passwordChanged });
}

async function changeEmail(session: Session, form: FormData, actor: Actor) {
  const typed = formText(form, ["email"]);
  const parsed = EmailSchema.safeParse(typed);
  const keep = (errors: Errors) =>
    answer(
      "email",
      { type: "error", message: Object.values(errors)[0]! },
      { errors, email: typed.email },
      400,
    );
  if (!parsed.success) return keep(fieldErrors(parsed.error));
  try {
    await withActivity(actor, { action: "user.email" }, () =>
      setUserEmail({ userId: session.userId, email: parsed.data.email }),
    );
  } catch (error) {
    if (error instanceof EmailTakenError) {
      return keep({ email: ACCOUNT_MESSAGES.emailTaken });
    }
    throw error;
  }
  return answer("email", { type: "success", message: ACCOUNT_MESSAGES.emailSaved });
}

async function confirm(session: Session, form: FormData, actor: Actor) {
  const code = formText(form, ["code"]).code.trim();
  if (code === "") return refused("2fa-confirm", { code: ACCOUNT_MESSAGES.codeRequired });
  const codes = await confirmEnrolment({ userId: session.userId, code, actor });
  if (!codes) return refused("2fa-confirm", { code: ACCOUNT_MESSAGES.enrolCodeWrong });
  // Enrolled, with a code of the factor typed here: this session is a full one that proved
  // it (an enrolling one goes on to the dashboard after the codes).
  await completeSession({ id: session.id });
  return answer(
    "2fa-confirm",
    { type: "success", message: ACCOUNT_MESSAGES.enrolled },
    { recoveryCodes: codes, next: session.pending === "enrol" ? DEFAULT_ADMIN_PATH : ACCOUNT_PATH },
  );
}

async function regenerate(session: Session, form: FormData, actor: Actor) {
  const { currentPassword, code } = formText(form, ["currentPassword", "code"]);
  if (code.trim() !== "") {
    const refusal = await codeRefusal(session, actor, code);
    if (refusal)
      return refused(
        "2fa-regenerate",
        refusal,
        refusal.code === ACCOUNT_MESSAGES.codesTooMany ? 429 : 400,
      );
  } else if (currentPassword !== "") {
    const refusal = await passwordRefusal(session, actor.ip, currentPassword);
    if (refusal) return refused("2fa-regenerate", refusal.errors, refusal.status);
  } else {
    return refused("2fa-regenerate", { form: ACCOUNT_MESSAGES.passwordOrCode });
  }
  const codes = await regenerateRecoveryCodes({ userId: session.userId, actor });
  return answer(
    "2fa-regenerate",
    { type: "success", message: ACCOUNT_MESSAGES.regenerated },
    { recoveryCodes: codes, next: ACCOUNT_PATH },
  );
}

async function disable(session: Session, form: FormData, actor: Actor) {
  if (requiresTwoFactor(session.roles)) {
    const roles = session.roles.map((role) => ROLE_LABELS[role]).join(", ");
    return refused("2fa-disable", { form: ACCOUNT_MESSAGES.disableRequired(roles) }, 403);
  }
  const { currentPassword, code } = formText(form, ["currentPassword", "code"]);
  const missing: Errors = {};
  if (currentPassword === "") missing.currentPassword = "Le mot de passe actuel est obligatoire";
  if (code.trim() === "") missing.code = ACCOUNT_MESSAGES.codeRequired;
  if (Object.keys(missing).length > 0) return refused("2fa-disable", missing);
  const wrongPassword = await passwordRefusal(session, actor.ip, currentPassword);
  if (wrongPassword) return refused("2fa-disable", wrongPassword.errors, wrongPassword.status);
  const wrongCode = await codeRefusal(session, actor, code);
  if (wrongCode)
    return refused(
      "2fa-disable",
      wrongCode,
      wrongCode.code === ACCOUNT_MESSAGES.codesTooMany ? 429 : 400,
    );
  await disableTwoFactor({ userId: session.userId, actor, currentSessionId: session.id });
  return answer("2fa-disable", { type: "success", message: ACCOUNT_MESSAGES.disabled });
}

async function endSession(session: Session, form: FormData, actor: Actor) {
  const key = formText(form, ["key"]).key;
  if (key === "" || key === hashSessionId(session.id)) {
    return refused("session-end", { form: ACCOUNT_MESSAGES.failed });
  }
  const ended = await withActivity(
    actor,
    (row: Awaited<ReturnType<typeof endUserSession>>) =>
      row
        ? { action: "session.ended", itemLabel: `${deviceName(row.userAgent)} (${row.ip})` }
        : null,
    () => endUserSession({ userId: session.userId, key }),
  );
  return ended
    ? answer("session-end", { type: "success", message: ACCOUNT_MESSAGES.sessionEnded })
    : answer("session-end", { type: "info", message: ACCOUNT_MESSAGES.sessionGone });
}

async function endOtherSessions(session: Session, actor: Actor) {
  const count = await withActivity(
    actor,
    (ended: number) =>
      ended > 0
        ? { action: "session.ended", itemLabel: ACCOUNT_MESSAGES.othersEnded(ended) }
        : null,
    () => deleteUserSessions({ userId: session.userId, exceptId: session.id }),
  );
  return answer("sessions-end-others", {
    type: "success",
    message: ACCOUNT_MESSAGES.othersEnded(count),
  });
}

export async function accountAction({
  request,
  context,
}: {
  request: Request;
  context?: RequestContext;
}) {
  const session = await requireUser(request, { enrolling: true });
  const form = await readForm(request);
  const intent = formText(form, ["intent"]).intent as AccountIntent;
  // A session that must enrol first may do that and nothing else.
  if (session.pending === "enrol" && !ENROLMENT_INTENTS.includes(intent)) throw forbidden();
  const actor = actorOf(session, getClientIp(context));
  switch (intent) {
    case "email":
      return changeEmail(session, form, actor);
    case "password":
      return changePassword(session, form, actor);
    case "2fa-start":
      await startEnrolment({ userId: session.userId });
      return redirect(ACCOUNT_PATH);
    case "2fa-confirm":
      return confirm(session, form, actor);
    case "2fa-regenerate":
      return regenerate(session, form, actor);
    case "2fa-disable":
      return disable(session, form, actor);
    case "session-end":
      return endSession(session, form, actor);
    case "sessions-end-others":
      return endOtherSessions(session, actor);
    default:
      return answer(null, { type: "error", message: ACCOUNT_MESSAGES.failed }, {}, 400);
  }
}

export type AccountLoaderData = Awaited<ReturnType<typeof accountLoader>>;
