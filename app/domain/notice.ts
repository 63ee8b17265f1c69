/** A refusal or a result the customer or admin sees as a toast: the specs' own title and text. */
export type Notice = { title: string; message: string };
