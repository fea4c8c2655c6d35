import { defineConfig } from "vitest/config";
import { workspaceSourceResolution } from "../../workspace-source.mjs";

export default defineConfig({ ...workspaceSourceResolution });
