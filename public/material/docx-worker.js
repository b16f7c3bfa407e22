// A classic worker (importScripts) that converts one DOCX to HTML with mammoth's browser bundle,
// so the unzip and the XML parsing never run on the page's thread. extract.mjs starts it per file.
self.onmessage = async (event) => {
  try {
    importScripts('../vendor/mammoth-1.13.0/mammoth.browser.min.js');
  } catch (e) {
    self.postMessage({ error: { code: 'load', message: `the DOCX reader could not be loaded (${e.message})` } });
    return;
  }
  try {
    // Word's Title and Subtitle styles are headings too: the engine numbers the text by them.
    const styleMap = ["p[style-name='Title'] => h1:fresh", "p[style-name='Subtitle'] => h2:fresh"];
    const result = await self.mammoth.convertToHtml({ arrayBuffer: event.data.buffer }, { styleMap });
    self.postMessage({ html: result.value });
  } catch (e) {
    self.postMessage({ error: { code: 'corrupt', message: e && e.message ? e.message : String(e) } });
  }
};
