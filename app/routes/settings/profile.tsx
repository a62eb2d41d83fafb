import { type ChangeEvent, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useFormatter } from "use-intl";
import { getProfile } from "#core/account/get-profile.ts";
import { PROFILE_LABELS, ZUpdateProfile } from "#core/account/profile-fields.ts";
import { removeAvatar, setAvatar } from "#core/account/set-avatar.ts";
import { updateProfile } from "#core/account/update-profile.ts";
import { AppError } from "#core/shared/errors.ts";
import { IMAGE_ACCEPT, IMAGE_MESSAGES, MAX_IMAGE_BYTES } from "#core/storage/image-limits.ts";
import {
  Checkbox,
  FieldLabel,
  FormError,
  fieldId,
  PageCard,
  SubmitButton,
  TextField,
  ValidatedForm,
} from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import {
  core,
  formFailure,
  formValues,
  langOf,
  redirectWithFlash,
  requireUser,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import { useTypedValue } from "../../lib/typed-value.ts";
import { readUploadForm } from "../../lib/upload.server.ts";
import type { Route } from "./+types/profile";

export const meta = titleMeta("profile.title");
export const handle = { back: "/mypage/", tab: "mypage" };

/** One image and the text fields, with room for the multipart envelope. */
const MAX_FORM_BYTES = MAX_IMAGE_BYTES + 64 * 1024;
const MAX_INTRODUCTION = 1000;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request, langOf(params));
  const profile = await getProfile(core(context), user.id);
  return {
    profile: {
      nickname: profile.nickname,
      introduction: profile.introduction,
      avatarUrl: profile.avatarUrls?.large ?? null,
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireUser(context, request, lang);
  let values: Record<string, string> = {};
  try {
    const form = await readUploadForm(request, MAX_FORM_BYTES);
    if (!form) {
      throw new AppError("PAYLOAD_TOO_LARGE", {
        message: IMAGE_MESSAGES.tooLarge,
        fields: { avatar: IMAGE_MESSAGES.tooLarge },
      });
    }
    values = formValues(form, ["nickname", "introduction", "removeAvatar"] as const);
    const avatar = form.get("avatar");
    const ctx = core(context);
    await updateProfile(ctx, {
      actor,
      input: { nickname: values.nickname, introduction: values.introduction },
    });
    if (avatar instanceof Blob && avatar.size > 0) {
      await setAvatar(ctx, { actor, bytes: new Uint8Array(await avatar.arrayBuffer()) });
    } else if (values.removeAvatar === "on") {
      await removeAvatar(ctx, { actor });
    }
    return redirectWithFlash(context, `/${lang}/settings/profile/`, "profile.saved");
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

/** Code points, with a line break as one, as the server counts them. */
function characters(value: string): number {
  return Array.from(value.replace(/\r\n?/g, "\n").trim()).length;
}

function AvatarField({
  current,
  initial,
  error,
  removeChecked,
}: {
  current: string | null;
  initial: string;
  error: string | undefined;
  removeChecked: boolean;
}) {
  const t = useTranslations("profile");
  const form = useTranslations("form");
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  function show(file: File | undefined) {
    setTooLarge(!!file && file.size > MAX_IMAGE_BYTES);
    setPreview(file ? URL.createObjectURL(file) : null);
  }
  // A picture chosen before the page was hydrated is shown once it is.
  useLayoutEffect(() => {
    const file = picker.current?.files?.[0];
    if (file) show(file);
  }, []);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    show(event.target.files?.[0]);
  }

  const message = error ?? (tooLarge ? t("avatarTooLarge") : undefined);
  const shown = preview ?? current;
  const describedBy = [`${id}-hint`, message ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="text-sm font-semibold text-slate-800">
          {t("avatar")}
        </label>
        <span
          aria-hidden="true"
          className="rounded bg-slate-200 px-1.5 py-0.5 text-[10px] font-bold text-slate-600"
        >
          {form("optional")}
        </span>
      </div>
      <div className="flex items-center gap-4">
        {shown ? (
          <img
            src={shown}
            alt={preview ? t("avatarSelected") : t("avatarCurrent")}
            width={80}
            height={80}
            className="size-20 shrink-0 rounded-full bg-slate-100 object-cover ring-1 ring-slate-200"
            data-testid="avatar-preview"
            // Most browsers other than Safari cannot show HEIC: keep showing the current picture then.
            onError={() => setPreview(null)}
          />
        ) : (
          <div
            role="img"
            aria-label={t("avatarNone")}
            className="flex size-20 shrink-0 items-center justify-center rounded-full bg-brand-100 text-2xl font-bold text-brand-700"
          >
            {initial}
          </div>
        )}
        <input
          ref={picker}
          id={id}
          name="avatar"
          type="file"
          accept={IMAGE_ACCEPT}
          onChange={choose}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy}
          className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:h-11 file:cursor-pointer file:rounded-full file:border file:border-slate-300 file:bg-white file:px-4 file:text-sm file:font-semibold file:text-slate-800 hover:file:bg-slate-50"
        />
      </div>
      {preview && (
        <p className="text-xs text-slate-600" aria-live="polite">
          {t("avatarSelected")}
        </p>
      )}
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {t("avatarHint")}
      </p>
      {message && (
        <p
          id={`${id}-error`}
          className="text-sm font-medium text-danger-600"
          data-testid="error-avatar"
          role="alert"
        >
          {message}
        </p>
      )}
      {current && <Checkbox name="removeAvatar" label={t("removeAvatar")} defaultChecked={removeChecked} />}
    </div>
  );
}

function IntroductionField({ defaultValue, error }: { defaultValue: string; error: string | undefined }) {
  const t = useTranslations("profile");
  const format = useFormatter();
  const id = fieldId("introduction");
  const typed = useTypedValue<HTMLTextAreaElement>(defaultValue);
  const count = characters(typed.value);
  const over = count > MAX_INTRODUCTION;
  const describedBy = [`${id}-hint`, `${id}-count`, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div>
      <FieldLabel htmlFor={id} label={t("introduction")} optional />
      <textarea
        id={id}
        name="introduction"
        rows={6}
        defaultValue={defaultValue}
        ref={typed.ref}
        onChange={typed.onChange}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1.5 block w-full rounded-lg border bg-white px-3 py-2 text-base leading-relaxed shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none ${
          error || over ? "border-danger-600" : "border-slate-300"
        }`}
      />
      <div className="mt-1 flex justify-between gap-3 text-xs">
        <p id={`${id}-hint`} className="text-slate-500">
          {t("introductionHint")}
        </p>
        <p
          id={`${id}-count`}
          className={`shrink-0 tabular-nums ${over ? "font-semibold text-danger-600" : "text-slate-500"}`}
        >
          {t("characters", { count: format.number(count) })}
        </p>
      </div>
      {error && (
        <p
          id={`${id}-error`}
          className="mt-1 text-sm font-medium text-danger-600"
          data-testid="error-introduction"
        >
          {error}
        </p>
      )}
    </div>
  );
}

export default function ProfileSettings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslations("profile");
  const { profile } = loaderData;
  const values = actionData?.values;
  const errors = actionData?.errors ?? {};
  return (
    <PageCard title={t("title")} lead={t("lead")}>
      {/* A saved change remounts the form, so it shows what was saved and no chosen file lingers. */}
      <ValidatedForm
        key={`${profile.nickname}\n${profile.introduction}\n${profile.avatarUrl}`}
        method="post"
        encType="multipart/form-data"
        className="flex flex-col gap-6"
        state={actionData}
        validation={{ schema: ZUpdateProfile, labels: PROFILE_LABELS }}
      >
        <FormError message={actionData?.formError} />
        <AvatarField
          current={profile.avatarUrl}
          initial={profile.nickname.slice(0, 1)}
          error={errors.avatar}
          removeChecked={values?.removeAvatar === "on"}
        />
        <TextField
          name="nickname"
          label={t("nickname")}
          hint={t("nicknameHint")}
          autoComplete="nickname"
          defaultValue={values?.nickname ?? profile.nickname}
          error={errors.nickname}
        />
        <IntroductionField
          defaultValue={values?.introduction ?? profile.introduction}
          error={errors.introduction}
        />
        <SubmitButton>{t("submit")}</SubmitButton>
      </ValidatedForm>
    </PageCard>
  );
}
