import { useRef } from "react";
import { Form, Link, redirect } from "react-router";
import { type ModerationAction, ruleOf } from "#core/moderation/codes.ts";
import { queueOperators } from "#core/staff/assign-queue-item.ts";
import { hasPermission } from "#core/staff/permissions.ts";
import { queueNeighbours } from "#core/staff/queue-neighbours.ts";
import { answerInquiry } from "#core/support/answer-inquiry.ts";
import { claimInquiry } from "#core/support/claim-inquiry.ts";
import { closeInquiry } from "#core/support/close-inquiry.ts";
import { getInquiry } from "#core/support/get-inquiry.ts";
import { savedRepliesFor } from "#core/support/list-saved-replies.ts";
import { FormError, SubmitButton } from "../../components/form.tsx";
import { AssignForm } from "../../components/staff/assign-form.tsx";
import { QueueStepper } from "../../components/staff/queue-stepper.tsx";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, orNotFound, pathIdOf, readForm } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import { InquiryStateBadge, InquiryThread, TextAreaField } from "../mypage/support-ui.tsx";
import type { Route } from "./+types/support-detail";
import { requestMeta, requireStaff } from "./staff.server.ts";

export const meta = titleMeta("support.staff.title", { noindex: true });

const DONE = ["answered", "closed", "claimed"] as const;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "support:read");
  const inquiryId = pathIdOf(params);
  const ctx = core(context);
  const view = await orNotFound(() => getInquiry(ctx, { actor, inquiryId, view: "staff" }));
  const canAnswer = hasPermission(actor.staffRoles, "support:answer");
  const replies = canAnswer ? await savedRepliesFor(ctx, { actor, locale: view.locale }) : [];
  const q = new URL(request.url).searchParams;
  // Without JavaScript, choosing a saved reply reloads the page with `?reply=ID`: its text fills the answer.
  const chosen = replies.find((r) => String(r.id) === q.get("reply")) ?? null;
  const done = DONE.find((d) => d === q.get("done")) ?? null;
  const queue = await queueNeighbours(core(context), { actor, queue: "support", id: inquiryId });
  return {
    queue,
    me: actor.id,
    assignees: await queueOperators(ctx, { actor, queue: "support" }),
    canAnswer,
    done,
    chosen: chosen && { id: chosen.id, body: chosen.body },
    replies,
    inquiry: {
      ...view,
      createdAt: view.createdAt.toISOString(),
      lastMessageAt: view.lastMessageAt.toISOString(),
      messages: view.messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
      staff: view.staff && {
        ...view.staff,
        claim: view.staff.claim && {
          operatorId: view.staff.claim.operatorId,
          nickname: view.staff.claim.nickname,
        },
      },
    },
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "support:read");
  const inquiryId = pathIdOf(params);
  const ctx = core(context);
  const meta = requestMeta(context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const values = {
    body: String(form.get("body") ?? ""),
    savedReplyId: String(form.get("savedReplyId") ?? ""),
  };
  const here = `/${lang}/staff/support/${inquiryId}/`;
  try {
    if (intent === "claim") {
      await orNotFound(() => claimInquiry(ctx, { actor, inquiryId, meta }));
      return redirect(`${here}?done=claimed`);
    }
    if (intent === "close") {
      await orNotFound(() => closeInquiry(ctx, { actor, inquiryId, as: "operator", meta }));
      return redirect(`${here}?done=closed`);
    }
    await orNotFound(() => answerInquiry(ctx, { actor, inquiryId, input: values, meta }));
    return redirect(`${here}?done=answered`);
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

export default function StaffSupportDetail({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("support");
  const codes = useTranslations("codes");
  const moderation = useTranslations("moderation");
  const lang = langOf(params);
  const { inquiry, canAnswer, replies, chosen, done, me } = loaderData;
  const staff = inquiry.staff!;
  const claim = staff.claim;
  const answerRef = useRef<HTMLTextAreaElement | null>(null);
  const replyIdRef = useRef<HTMLInputElement>(null);
  const answerDefault = actionData?.values?.body ?? chosen?.body ?? "";
  const replyIdDefault = actionData?.values?.savedReplyId ?? (chosen ? String(chosen.id) : "");
  const doneText =
    done === "answered"
      ? t("staff.answered")
      : done === "closed"
        ? t("staff.closed")
        : done
          ? t("staff.claimed")
          : null;
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <div>
        <Link
          to={`/${lang}/staff/support/`}
          className="text-sm font-semibold text-brand-700 underline underline-offset-2"
        >
          {t("staff.backToQueue")}
        </Link>
        <QueueStepper nav={loaderData.queue} base={`/${lang}/staff/support/`} />
        <h1 className="mt-2 text-2xl font-bold">{t("staff.threadTitle", { id: inquiry.id })}</h1>
        <p className="mt-1 text-lg font-semibold break-words">{inquiry.subject}</p>
      </div>
      {doneText && (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 px-4 py-3 text-sm font-semibold text-emerald-800"
        >
          {doneText}
        </p>
      )}
      <FormError message={actionData?.formError} />

      <section className="grid gap-x-6 gap-y-2 rounded-2xl bg-white p-5 text-sm shadow-sm ring-1 ring-slate-200 sm:grid-cols-[auto_1fr]">
        <span className="text-slate-500">{t("staff.state")}</span>
        <span className="flex flex-wrap items-center gap-2">
          <InquiryStateBadge state={inquiry.state} audience="staff" />
          {staff.overdue && <span className="font-bold text-danger-700">{t("staff.overdue")}</span>}
        </span>
        <span className="text-slate-500">{t("staff.category")}</span>
        <span>{t(`categories.${inquiry.category as "other"}`)}</span>
        <span className="text-slate-500">{t("staff.member")}</span>
        <span>
          {staff.member ? (
            <Link to={`/${lang}/staff/members/${staff.member.id}/`} className="text-brand-700 underline">
              {t("staff.memberLink", { nickname: staff.member.nickname, id: staff.member.id })}
            </Link>
          ) : (
            <>
              {t("staff.visitor", { name: staff.visitor?.name ?? "", email: staff.visitor?.email ?? "" })}
              <span className="block text-xs text-slate-500">{t("staff.visitorNote")}</span>
            </>
          )}
        </span>
        <span className="text-slate-500">{t("staff.locale")}</span>
        <span>{inquiry.locale === "en" ? t("staff.localeEn") : t("staff.localeJa")}</span>
        <span className="text-slate-500">{t("staff.createdAt")}</span>
        <span>{formatDate(inquiry.createdAt, lang, true)}</span>
        <span className="text-slate-500">{t("staff.columns.claimedBy")}</span>
        <span className="flex flex-wrap items-center gap-3">
          {claim ? (
            claim.operatorId === me ? (
              <span className="font-semibold">{t("staff.claimedByYou")}</span>
            ) : (
              <span>{t("staff.claimedByOther", { name: claim.nickname })}</span>
            )
          ) : (
            <>
              <span className="text-slate-500">{t("staff.unclaimed")}</span>
              {inquiry.state !== "CLOSED" && (
                <Form method="post">
                  <button
                    type="submit"
                    name="intent"
                    value="claim"
                    className="rounded-full border border-brand-600 px-3 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50"
                  >
                    {t("staff.claim")}
                  </button>
                </Form>
              )}
            </>
          )}
          {inquiry.state !== "CLOSED" && (
            <AssignForm
              lang={lang}
              queue="support"
              itemId={inquiry.id}
              operators={loaderData.assignees}
              current={claim?.operatorId ?? null}
              back={`/${lang}/staff/support/${inquiry.id}/`}
            />
          )}
        </span>
        {(inquiry.transaction || inquiry.item || staff.decision || inquiry.decisionId) && (
          <>
            <span className="text-slate-500">{t("staff.related")}</span>
            <ul className="flex flex-col gap-1">
              {inquiry.transaction && (
                <li>
                  <Link
                    to={`/${lang}/staff/transactions/${inquiry.transaction.id}/`}
                    className="text-brand-700 underline"
                  >
                    {t("staff.transaction", { id: inquiry.transaction.id, title: inquiry.transaction.title })}
                  </Link>{" "}
                  <span className="text-slate-600">
                    {t("staff.transactionState", {
                      state: codes(`transactionState.${inquiry.transaction.state as "START"}`),
                    })}
                  </span>
                </li>
              )}
              {inquiry.item && (
                <li>
                  {inquiry.item.title === null ? (
                    t("staff.itemMissing", { id: inquiry.item.id })
                  ) : (
                    <Link to={`/${lang}/items/${inquiry.item.id}/`} className="text-brand-700 underline">
                      {t("staff.item", { id: inquiry.item.id, title: inquiry.item.title })}
                    </Link>
                  )}
                </li>
              )}
              {staff.decision ? (
                <li>
                  {t("staff.decision", {
                    id: staff.decision.id,
                    action: moderation(`actions.${staff.decision.action as ModerationAction}`),
                    reason: ruleOf(staff.decision.reasonCode)
                      ? moderation(`rules.${ruleOf(staff.decision.reasonCode)!.code}.label`)
                      : staff.decision.reasonCode,
                  })}
                  <p className="text-slate-600 whitespace-pre-wrap">
                    {t("staff.decisionNote", { note: staff.decision.note })}
                  </p>
                </li>
              ) : (
                inquiry.decisionId && <li>{t("mypage.relatedDecision", { id: inquiry.decisionId })}</li>
              )}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby="messages-title" className="flex flex-col gap-3">
        <h2 id="messages-title" className="text-lg font-bold">
          {t("staff.messages")}
        </h2>
        <InquiryThread inquiryId={inquiry.id} messages={inquiry.messages} lang={lang} audience="staff" />
      </section>

      {!canAnswer ? (
        <p className="rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700">
          {t("staff.noAnswerPermission")}
        </p>
      ) : (
        inquiry.actions.includes("answer") && (
          <section
            aria-labelledby="answer-title"
            className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
          >
            <h2 id="answer-title" className="text-lg font-bold">
              {t("staff.answerTitle")}
            </h2>
            {replies.length === 0 ? (
              <p className="text-sm text-slate-600">{t("staff.noSavedReplies")}</p>
            ) : (
              <Form method="get" className="flex flex-wrap items-end gap-2" data-testid="saved-reply-picker">
                <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-semibold text-slate-700">
                  {t("staff.savedReply")}
                  <select
                    name="reply"
                    defaultValue={chosen ? String(chosen.id) : ""}
                    onChange={(event) => {
                      const picked = replies.find((r) => String(r.id) === event.currentTarget.value);
                      if (!picked) return;
                      if (answerRef.current) answerRef.current.value = picked.body;
                      if (replyIdRef.current) replyIdRef.current.value = String(picked.id);
                    }}
                    aria-describedby="saved-reply-hint"
                    className="h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm font-normal"
                  >
                    <option value="">—</option>
                    {replies.map((r) => (
                      <option key={r.id} value={r.id}>
                        {r.title}
                      </option>
                    ))}
                  </select>
                </label>
                <button
                  type="submit"
                  className="h-10 rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold hover:bg-slate-50"
                >
                  {t("staff.useSavedReply")}
                </button>
                <p id="saved-reply-hint" className="w-full text-xs text-slate-500">
                  {t("staff.savedReplyHint")}
                </p>
              </Form>
            )}
            <Form method="post" className="flex flex-col gap-4" noValidate data-testid="answer-form">
              <input type="hidden" name="savedReplyId" defaultValue={replyIdDefault} ref={replyIdRef} />
              <AnswerArea
                key={`${chosen?.id ?? ""}|${actionData?.values?.body ?? ""}`}
                defaultValue={answerDefault}
                error={actionData?.errors?.body ?? actionData?.errors?.savedReplyId}
                answerRef={answerRef}
                label={t("fields.answer")}
                hint={t("staff.answerHint")}
              />
              <SubmitButton name="intent" value="answer">
                {t("staff.send")}
              </SubmitButton>
            </Form>
          </section>
        )
      )}
      {canAnswer && inquiry.actions.includes("close") && (
        <Form method="post" className="max-w-xs">
          <SubmitButton name="intent" value="close" variant="secondary">
            {t("staff.close")}
          </SubmitButton>
        </Form>
      )}
    </div>
  );
}

/** The answer box; finds its own textarea so the saved-reply picker can fill it. */
function AnswerArea({
  defaultValue,
  error,
  answerRef,
  label,
  hint,
}: {
  defaultValue: string;
  error: string | undefined;
  answerRef: { current: HTMLTextAreaElement | null };
  label: string;
  hint: string;
}) {
  return (
    <div
      ref={(el) => {
        answerRef.current = el?.querySelector("textarea") ?? null;
      }}
    >
      <TextAreaField
        id="answer-body"
        name="body"
        label={label}
        hint={hint}
        rows={10}
        defaultValue={defaultValue}
        error={error}
      />
    </div>
  );
}
