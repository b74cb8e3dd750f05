import { useEffect } from "react";
import { stopWishlistSync, syncWishlistWithServer } from "../lib/wishlist";

/** Signed in: merge this browser's wishlist with the server's once per page load (and after sign-in). */
export function WishlistSync({ userId }: { userId: string | null }) {
  useEffect(() => {
    if (!userId) {
      stopWishlistSync();
      return;
    }
    syncWishlistWithServer().catch((error: unknown) => console.warn("Wishlist sync failed", error));
  }, [userId]);
  return null;
}
