/** 明码标价 (issue #16): the price with the unit it buys. */
export function Price({ price, unit }: { price: number; unit: string }) {
  return (
    <span className="price">
      <small>¥</small>
      {Number.isInteger(price) ? price : price.toFixed(2)}
      <small> / {unit}</small>
    </span>
  );
}
