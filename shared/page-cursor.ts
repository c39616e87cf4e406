/** What a list endpoint answers for a cursor it did not hand out (the clients list, a client's library). */
export const INVALID_CURSOR = 'invalid cursor; use next_cursor from the previous page';
