import { data } from "react-router";

/** Services throw AppError{kind}; loaders turn a missing thing into a 404 response for the route's error boundary. */
export function isNotFound(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { kind?: string }).kind === "not_found";
}

export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (isNotFound(error)) throw data({ message: (error as Error).message }, { status: 404 });
    throw error;
  }
}
