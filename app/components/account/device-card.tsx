import type { ReactNode } from "react";

/** A small label beside a device's name: "this device", "synced", "API"… */
export function DeviceBadge({
  tone,
  title,
  children,
}: {
  tone: "brand" | "plain";
  title?: string;
  children: ReactNode;
}) {
  return (
    <span
      title={title}
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        tone === "brand" ? "bg-brand-50 text-brand-700 ring-1 ring-brand-200" : "bg-slate-100 text-slate-700"
      }`}
    >
      {children}
    </span>
  );
}

/**
 * One device the account is signed in on, or one passkey: its name and badges, a short list of
 * facts (label, value, and whether the value takes the whole row on a wide screen), and an action.
 */
export function DeviceCard(props: {
  testId: string;
  current?: boolean;
  name: string;
  badges?: ReactNode;
  facts: { label: string; value: ReactNode; wide?: boolean }[];
  /** Two facts side by side on a wide screen. */
  pairs?: boolean;
  action?: ReactNode;
}) {
  return (
    <li
      data-testid={props.testId}
      data-current={props.current ? "true" : undefined}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex sm:items-center sm:gap-6 sm:p-5"
    >
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          <span>{props.name}</span>
          {props.badges}
        </p>
        <dl
          className={`mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-600 ${
            props.pairs ? "sm:grid-cols-[auto_1fr_auto_1fr]" : ""
          }`}
        >
          {props.facts.map((f) => (
            <div key={f.label} className="contents">
              <dt className="text-slate-500">{f.label}</dt>
              <dd className={f.wide ? "sm:col-span-3" : undefined}>{f.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      {props.action}
    </li>
  );
}
