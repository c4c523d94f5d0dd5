import { createContext } from 'react';

/**
 * Whether the question (`Ask`) around this element is open. A `Tip` inside it withholds its name
 * meanwhile: the pointer is still on the button that asked, and the name would cover the
 * question's buttons. Its own module, so that `Tip` does not pull antd's Popconfirm along.
 */
export const Asking = createContext(false);
