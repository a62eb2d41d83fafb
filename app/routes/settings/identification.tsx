import { redirect } from "react-router";
import { getIdentification } from "#core/account/get-identification.ts";
import { startIdentityVerification } from "#core/account/start-identity-verification.ts";
import { AppError } from "#core/shared/errors.ts";
import { IMAGE_ACCEPT, MAX_IMAGE_BYTES } from "#core/storage/image-limits.ts";
import { IdentificationStatus } from "../../components/account/identification-status.tsx";
import { FormError, PageCard, SubmitButton, TextField, ValidatedForm } from "../../components/form.tsx";
import { HelpLink } from "../../components/help/help-link.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { core, formFailure, langOf, readForm, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/identification";

export const meta = titleMeta("identification.title");
export const handle = { back: "/mypage/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request, langOf(params));
  const { verifiedAt, method, latest, uploadsDocuments } = await getIdentification(core(context), user.id);
  return {
    verifiedAt: verifiedAt?.toISOString() ?? null,
    method,
    latest: latest && { status: latest.status, reason: latest.reason },
    uploadsDocuments,
  };
}

async function upload(form: FormData, name: string): Promise<Uint8Array | null> {
  const file = form.get(name);
  if (!(file instanceof File) || file.size === 0) return null;
  return new Uint8Array(await file.arrayBuffer());
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireUser(context, request, lang);
  try {
    // Two pictures and the form around them; refuse before reading anything larger.
    if (Number(request.headers.get("content-length") ?? 0) > 2 * MAX_IMAGE_BYTES + 64 * 1024) {
      throw new AppError("PAYLOAD_TOO_LARGE");
    }
    const form = await readForm(request);
    const started = await startIdentityVerification(core(context), {
      actor,
      files: { idFront: await upload(form, "idFront"), selfie: await upload(form, "selfie") },
      locale: lang,
    });
    return redirect(started.redirectUrl);
  } catch (error) {
    return formFailure(error, lang, {});
  }
}

export default function SettingsIdentification({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("identification");
  const lang = params.lang === "en" ? "en" : "ja";
  const { verifiedAt, latest, uploadsDocuments } = loaderData;
  return (
    <PageCard title={t("title")} lead={t("lead")}>
      <IdentificationStatus lang={lang} {...loaderData} />
      <HelpLink lang={lang} slug="identity-check" className="mt-4" />
      {!verifiedAt && (
        <ValidatedForm
          method="post"
          encType="multipart/form-data"
          className="mt-6 flex flex-col gap-5"
          state={actionData}
        >
          <h2 className="text-base font-bold">{latest ? t("retryTitle") : t("formTitle")}</h2>
          <FormError message={actionData?.formError} />
          {!uploadsDocuments ? (
            <p className="text-sm leading-relaxed text-slate-700" data-testid="provider-captures">
              {t("providerCaptures")}
            </p>
          ) : (
            <>
              <TextField
                type="file"
                name="idFront"
                label={t("idFront")}
                hint={`${t("idFrontHint")}（${t("fileHint")}）`}
                accept={IMAGE_ACCEPT}
                error={actionData?.errors?.idFront}
              />
              <TextField
                type="file"
                name="selfie"
                label={t("selfie")}
                hint={`${t("selfieHint")}（${t("fileHint")}）`}
                accept={IMAGE_ACCEPT}
                error={actionData?.errors?.selfie}
              />
            </>
          )}
          <p className="text-xs text-slate-500">{t("note")}</p>
          <SubmitButton>{t("submit")}</SubmitButton>
        </ValidatedForm>
      )}
    </PageCard>
  );
}
