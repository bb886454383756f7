// scorepad: a game's link carries the game's record in the address's fragment
// ("…/#game=1.eNq…"), which a browser never sends to any server. This turns it into the
// app's own address for a link ("link/1.eNq…", relative to the page's <base href>), which
// the app reads as its route and offers to import. On a page being loaded it runs before
// Flutter reads the address (and before the offline app's Python is told it); a link opened
// in a tab that already shows scorepad changes only the fragment, so that page is loaded
// again at the link's address.
(function () {
  var prefix = "#game=";

  function linkAddress() {
    var hash = window.location.hash;
    if (hash.indexOf(prefix) !== 0) return null;
    var token = hash.slice(prefix.length);
    return new URL("link/" + encodeURIComponent(token), document.baseURI).pathname;
  }

  try {
    var address = linkAddress();
    if (address !== null) window.history.replaceState(null, "", address);
  } catch (error) {
    console.warn("scorepad: the game's link could not be opened:", error);
  }

  // A fragment navigation fires popstate, then hashchange. Flutter's router answers popstate
  // by putting its own route back in the address, which would cancel the load, so this
  // listener (added before Flutter's) keeps the event from it.
  function loadTheLink(event) {
    try {
      var later = linkAddress();
      if (later === null) return;
      event.stopImmediatePropagation();
      window.location.replace(later);
    } catch (error) {
      console.warn("scorepad: the game's link could not be opened:", error);
    }
  }
  window.addEventListener("popstate", loadTheLink);
  window.addEventListener("hashchange", loadTheLink);
})();
