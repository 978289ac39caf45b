/** Field sizes of an error report (issue 25 item 8): enough to find the fault, too small to carry a page of data. */
export const CLIENT_ERROR_LIMITS = { route: 200, name: 100, message: 500 } as const;
