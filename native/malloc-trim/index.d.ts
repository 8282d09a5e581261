/** True where the C library is glibc; elsewhere `trim` gives nothing back. */
export declare const supported: boolean;
/** glibc's malloc_trim(0) on libuv's thread pool: whether any memory was given back. */
export declare function trim(): Promise<boolean>;
