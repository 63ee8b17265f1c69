// Placeholder until this admin page is built.
export default function Placeholder() {
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-bold">Auto Orders</h1>
    </main>
  );
}
