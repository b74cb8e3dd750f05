import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  optimizeDeps: { include: ["socket.io-client"] },
  build: { target: "es2022" },
  ssr: { noExternal: ["@khelkud/contracts"] },
});
