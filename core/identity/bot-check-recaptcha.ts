import { askBotCheckService, type BotCheck, type BotCheckVerdict } from "./bot-check.ts";

export type RecaptchaSettings = {
  projectId: string;
  apiKey: string;
  siteKey: string;
  /** Scores below this (0.0 likely a bot … 1.0 likely a person) are refused. */
  scoreThreshold: number;
  /** https://recaptchaenterprise.googleapis.com unless a test points it elsewhere. */
  apiBase?: string;
};

type Assessment = {
  tokenProperties?: { valid?: boolean; invalidReason?: string; action?: string };
  riskAnalysis?: { score?: number };
};

/** reCAPTCHA Enterprise (score keys, badge hidden): each token is judged by creating an assessment. */
export function createRecaptchaBotCheck(settings: RecaptchaSettings): BotCheck {
  const base = (settings.apiBase ?? "https://recaptchaenterprise.googleapis.com").replace(/\/+$/, "");
  const url = `${base}/v1/projects/${encodeURIComponent(settings.projectId)}/assessments?key=${encodeURIComponent(settings.apiKey)}`;
  return {
    kind: "recaptcha",
    siteKey: settings.siteKey,
    async verify({ token, action, ip }): Promise<BotCheckVerdict> {
      const assessment = await askBotCheckService<Assessment>("reCAPTCHA Enterprise", url, {
        event: { token, siteKey: settings.siteKey, expectedAction: action, userIpAddress: ip },
      });
      const props = assessment.tokenProperties ?? {};
      if (!props.valid) {
        const why = props.invalidReason;
        if (why === "EXPIRED") return { ok: false, reason: "expired" };
        if (why === "DUPE") return { ok: false, reason: "replayed" };
        return { ok: false, reason: "invalid" };
      }
      if (props.action !== action) return { ok: false, reason: "wrong-action" };
      const score = assessment.riskAnalysis?.score ?? 0;
      return score >= settings.scoreThreshold
        ? { ok: true, score, reason: "ok" }
        : { ok: false, score, reason: "bot" };
    },
  };
}
