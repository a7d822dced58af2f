/** What a review form field says is wrong with it (the form's check and the server's), as one alert. */
export default function FieldMessages({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <p id={id} className="review-error" role="alert">
      {messages.join(' ')}
    </p>
  );
}
