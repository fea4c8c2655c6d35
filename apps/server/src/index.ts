// The Hono + tRPC server arrives with the server-core issue.
export {};
