import { Fragment } from "react";

/**
 * An e-mail address or a link that may wrap only where a reader expects it (product rules 12.13): after "@" and
 * "/", before "." and "?", and anywhere only when one piece is still wider than its box.
 */
export function AddressText({ text, className = "" }: { text: string; className?: string }) {
  const pieces = text.split(/(?<=[@/])|(?=[.?])/);
  return (
    <span className={`wrap-anywhere ${className}`}>
      {pieces.map((piece, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed text, never reordered.
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {piece}
        </Fragment>
      ))}
    </span>
  );
}
