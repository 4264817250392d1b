// @zilch/web — React front end. Placeholder.
export {};
