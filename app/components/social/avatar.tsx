/** A member's picture, or the first letter of their nickname; decorative, the nickname is beside it. */
export function Avatar({
  url,
  nickname,
  size = "md",
}: {
  url: string | null;
  nickname: string;
  size?: "md" | "lg";
}) {
  const box = size === "lg" ? "size-20 text-3xl" : "size-11 text-lg";
  if (url) {
    return (
      <img
        src={url}
        alt=""
        className={`${box} shrink-0 rounded-full bg-slate-100 object-cover`}
        loading="lazy"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${box} flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-700`}
    >
      {nickname.slice(0, 1)}
    </span>
  );
}
