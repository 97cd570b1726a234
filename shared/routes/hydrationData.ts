/** The id of the JSON block with the server's route data: data, never code, nothing for the CSP. */
export const HYDRATION_DATA_ID = 'route-data';
