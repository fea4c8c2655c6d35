// The React shopper checkout and admin dashboard arrive with the shopper and admin issues.
export {};
