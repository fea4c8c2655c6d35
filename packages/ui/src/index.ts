// Shared components arrive with the shopper and admin pages (apps/web).
export {};
