/** Whether the cart's side panel is open (docs/product-rules.md §5): one flag shared by the header button and the panel. */
import { useSyncExternalStore } from "react";

let panelOpen = false;
const panelListeners = new Set<() => void>();
function setPanel(open: boolean) {
  panelOpen = open;
  panelListeners.forEach((l) => l());
}
export const openCartPanel = () => setPanel(true);
export const closeCartPanel = () => setPanel(false);
export const toggleCartPanel = () => setPanel(!panelOpen);

export function useCartPanelOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      panelListeners.add(l);
      return () => panelListeners.delete(l);
    },
    () => panelOpen,
    () => false,
  );
}
