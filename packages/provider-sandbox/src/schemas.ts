// The provider's object shapes, straight from the spec's generated types, so the
// sandbox cannot drift from what the client expects.
import type { components } from "@cobro/provider-client/generated";

export type Schemas = components["schemas"];
