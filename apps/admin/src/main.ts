// A placeholder until the back-office issue builds it with react-admin.
document.getElementById('root')!.innerHTML = `
  <main style="font-family: system-ui, sans-serif; padding: 24px">
    <h1>Back office</h1>
    <p>Staff tools for the catalogue, uploads, deposits and purchases arrive with the back-office work.</p>
    <p><a href="/">Back to the store</a></p>
  </main>`;
