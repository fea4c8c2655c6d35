// admin.links.*: the console's payment links (checkout preferences). Reads are open to viewers; provider calls that change anything need an
// operator. Each procedure validates with the contracts' schemas and calls one domain function.
import { router } from "../trpc";

export const adminLinksRouter = router({});
