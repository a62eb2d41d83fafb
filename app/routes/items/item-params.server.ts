import { data } from "react-router";

/** A listing id from the path; anything else is a 404 rather than an error. */
export function itemIdOf(params: { id?: string }): number {
  const id = Number(params.id);
  if (!/^\d{1,15}$/.test(params.id ?? "") || !Number.isSafeInteger(id) || id <= 0) {
    throw data("Page not found", { status: 404 });
  }
  return id;
}
