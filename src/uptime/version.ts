/** The project version sent in `User-Agent`; a unit test keeps it equal to package.json. */
export const CLIENT_VERSION = "0.1.0";
