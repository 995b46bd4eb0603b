"""Bad command-line values refused by argparse (exit status 2, a message naming the option and
the rule): ``serve --port`` a whole number from 1 to 65535, ``new-table --url`` an http:// or
https:// URL with a host. Nothing is started or contacted."""

from __future__ import annotations

import pytest

from cardkit.cli import build_parser, main

PORT_RULE = "is not a port: give a whole number from 1 to 65535"
URL_RULE = "is not a server's address: give an http:// or https:// URL with a host, such as http://127.0.0.1:8765/"


def refused(capsys, *argv: str) -> str:
    """The last line of stderr of ``python -m cardkit ARGV``, which must exit with status 2."""
    with pytest.raises(SystemExit) as exit_:
        main(list(argv))
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    return err.strip().splitlines()[-1]


@pytest.mark.parametrize("port", ["-1", "0", "99999", "65536", "abc", "80.5", "", "٨٠"])
def test_serve_port_outside_1_to_65535_is_refused(capsys, port: str) -> None:
    assert refused(capsys, "serve", "--port", port) == \
        f"python -m cardkit serve: error: argument --port: {port!r} {PORT_RULE}"


@pytest.mark.parametrize("port,value", [("1", 1), ("8765", 8765), ("65535", 65535), (" 8080 ", 8080)])
def test_serve_port_in_range_is_read(port: str, value: int) -> None:
    assert build_parser().parse_args(["serve", "--port", port]).port == value


def test_serve_port_default() -> None:
    assert build_parser().parse_args(["serve"]).port == 8765


@pytest.mark.parametrize("url", ["not a url", "ftp://127.0.0.1:8765/", "127.0.0.1:8765", "http://", "http://:8765/",
                                 "http://host:99999/", "http://host:0/", "http://host:port/", "http://[::1/",
                                 "http://a b/", "http://host/\x1b[2J"])
def test_new_table_url_that_is_not_a_server_address_is_refused(capsys, url: str) -> None:
    assert refused(capsys, "new-table", "501", "--url", url) == \
        f"python -m cardkit new-table: error: argument --url: {url!r} {URL_RULE}"


@pytest.mark.parametrize("url", ["http://127.0.0.1:8765/", "https://cards.example.org/hub/services/cardkit/",
                                 "HTTP://localhost", "http://[::1]:8765/"])
def test_new_table_url_with_a_host_is_kept_as_given(url: str) -> None:
    assert build_parser().parse_args(["new-table", "501", "--url", url]).url == url


def test_new_table_url_default() -> None:
    assert build_parser().parse_args(["new-table", "501"]).url == "http://127.0.0.1:8765/"
