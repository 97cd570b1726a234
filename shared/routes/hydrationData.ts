/**
 * The id of the JSON block that hands the server's route data to the browser's router: written at
 * the end of `<body>` by server/features/pages/ssr/hydrationData.ts, read by client/hydrationData.ts. A block of
 * data, not a script: text from the content service is never code in the page, and the CSP has
 * nothing of it to allow.
 */
export const HYDRATION_DATA_ID = 'route-data';
