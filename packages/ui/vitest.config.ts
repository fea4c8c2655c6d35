import { defineConfig } from "vitest/config";
import { workspaceSourceResolution } from "../../workspace-source";

export default defineConfig({ ...workspaceSourceResolution });
