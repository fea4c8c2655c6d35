// admin.orders.*: the console's orders (the Orders API; the virtual terminal). Reads are open to viewers; provider calls that change anything need an
// operator. Each procedure validates with the contracts' schemas and calls one domain function.
import { router } from "../trpc";

export const adminOrdersRouter = router({});
